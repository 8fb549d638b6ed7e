import { test, type Page } from '@playwright/test'
import { checked, info, median, ms } from '../../scripts/bench/rows'
import { SEARCH_DEBOUNCE_MS, SEARCH_MAX_PAGES } from '../../src/features/search/constants'
import { BENCH, db, inNewPage, record } from './support'

const latency = BENCH.latencyMs
const REQUESTS = `TMDB requests (static build, API latency ${latency} ms)`
const SEARCH = `Search results after the last keystroke (API latency ${latency} ms)`
const TERMS = ['man', 'star', 'love', 'night', 'war', 'king', 'day', 'house', 'girl'].map(
  (term) => ({ term, pages: db.search(term, 1).total_pages }),
)
/** Counted: more pages than a search asks for, if any; timed: three more of two pages or more. */
const counted =
  TERMS.find(({ pages }) => pages > SEARCH_MAX_PAGES) ??
  TERMS.reduce((most, term) => (term.pages > most.pages ? term : most))
const timed = TERMS.filter((term) => term !== counted && term.pages >= 2).slice(0, 3)

const resultsFor = (term: string) => `ul[aria-label="Results for “${term}”"]`
/** A quick typist, well inside the debounce. */
async function typeTerm(page: Page, term: string) {
  await page.getByRole('searchbox').click()
  await page.keyboard.type(term, { delay: 80 })
}
const tmdbLog = async () =>
  (await (await fetch(`${BENCH.tmdb}/__bench/log`)).json()) as { calls: number; idleMs: number }
/** Once TMDB has been asked nothing for longer than its latency, the app has settled. */
async function quiet(quietMs = latency + 300) {
  const deadline = Date.now() + 15_000
  while ((await tmdbLog()).idleMs < quietMs) {
    if (Date.now() > deadline) throw new Error('the app kept calling TMDB')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
/** The TMDB calls of `act` and of what the app does after it, held to `expected`. */
async function requests(label: string, act: () => Promise<unknown>, expected = 0) {
  const before = await tmdbLog()
  await act()
  await quiet(latency + 500)
  const calls = (await tmdbLog()).calls - before.calls
  record(REQUESTS, checked(label, `${calls} requests`, `= ${expected}`, calls === expected))
}
const heading = (page: Page, title = '') => page.getByRole('heading', { name: title, exact: true })

test('a distinct search asks for its pages, the same one again for none', async ({ page }) => {
  const { term, pages } = counted
  await page.goto('/search')
  await page.getByRole('searchbox').waitFor()
  await quiet()
  const search = async () => {
    await typeTerm(page, term)
    await page.locator(resultsFor(term)).waitFor()
  }
  const label = `distinct search "${term}" (total_pages ${pages})`
  await requests(label, search, Math.min(pages, SEARCH_MAX_PAGES))
  await page.getByRole('searchbox').fill('')
  await page.locator('ul[aria-label^="Results for"]').waitFor({ state: 'detached' })
  await requests('same search again (clear, retype)', search)
})

test('Back to a Home page already seen asks for nothing', async ({ page }) => {
  const [first, second] = [1, 2].map((number) => db.discover(number).results[0]?.title)
  await page.goto('/')
  await heading(page, first).waitFor()
  await page.getByRole('button', { name: 'Next' }).click()
  await heading(page, second).waitFor()
  await quiet()
  // The pointer where no link is, so that nothing under it is preloaded after Back.
  await page.mouse.move(0, 0)
  await requests('Back to a Home page already seen', async () => {
    await page.goBack()
    await heading(page, first).waitFor()
  })
})

test('a detail opened after hovering its card asks for nothing', async ({ page }) => {
  const movie = db.discover(1).results[1]
  await page.goto('/')
  await heading(page, movie?.title).waitFor()
  await quiet()
  const link = page.locator(`main article a[href="/movie/${String(movie?.id)}"]`).first()
  await link.hover()
  await page.waitForTimeout(600)
  await requests('open a detail after ~600 ms hover', async () => {
    await link.click()
    await page.getByRole('heading', { level: 1, name: movie?.title }).waitFor()
  })
})

type Marks = Record<'lastKey' | 'shown' | 'complete', number>
/** In the page: the last keystroke, then the frames the results list is painted in. */
function watchResults(selector: string) {
  const marks: Marks = { lastKey: 0, shown: 0, complete: 0 }
  Reflect.set(window, '__bench', marks)
  const at = (key: 'shown' | 'complete') =>
    requestAnimationFrame(() => (marks[key] = performance.now()))
  document.addEventListener('keydown', () => (marks.lastKey = performance.now()), true)
  // Page 1's results show first; the list is busy until every page is merged in.
  const observer = new MutationObserver(() => {
    const list = document.querySelector(selector)
    if (list && !marks.shown) at('shown')
    if (list?.getAttribute('aria-busy') === 'false') {
      observer.disconnect()
      at('complete')
    }
  })
  observer.observe(document.body, { childList: true, subtree: true, attributes: true })
}

test('search results show within the debounce, two round trips and 100 ms', async ({ browser }) => {
  const shown: number[] = []
  for (const { term } of timed) {
    const [showMs = NaN, completeMs = NaN] = await inNewPage(browser, {}, async (page) => {
      await page.goto('/search')
      await page.getByRole('searchbox').waitFor()
      await page.evaluate(watchResults, resultsFor(term))
      await typeTerm(page, term)
      const done = await page.waitForFunction(() => {
        const { lastKey, shown, complete } = Reflect.get(window, '__bench') as Marks
        return shown && complete ? [shown - lastKey, complete - lastKey] : undefined
      })
      return (await done.jsonValue()) ?? []
    })
    shown.push(showMs)
    const label = `"${term}": results shown (every page merged)`
    record(SEARCH, info(label, `${ms(showMs)} (${ms(completeMs)})`))
  }
  const budget = SEARCH_DEBOUNCE_MS + 2 * latency + 100
  const formula = `${SEARCH_DEBOUNCE_MS} + 2x${latency} + 100`
  const label = `median of ${timed.length} distinct terms`
  const value = median(shown)
  record(SEARCH, checked(label, ms(value), `<= ${budget} ms (${formula})`, value <= budget))
})
