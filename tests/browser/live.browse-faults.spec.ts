import { SEARCH_DEBOUNCE_MS } from '../../src/features/search/constants'
import { tmdbScenario } from '../../src/mocks/scenarios'
import { expectedSearch, firstOf, popularGrid, searchBox, searchResults } from './support/app'
import { expect, test } from './support/fixtures'
import { API_ORIGIN, callsOf, db } from './support/tmdb'

/**
 * What the credentialed build asks TMDB for, and what it shows for data a real browser must load:
 * a preload that serves the click, one request per page and term, placeholder posters. Failures
 * are the fault matrix's (live.fault-matrix.spec.ts); the search's loading state, its debounce
 * and its error message are checked in tests/components/search.test.tsx.
 */

const PLACEHOLDER = '/placeholder-poster.svg'

test('a card hovered for 500 ms opens at once, with no second request after the click', async ({
  page,
  tmdb,
}) => {
  await page.clock.install()
  const first = firstOf(db.discover(1).results)
  await page.goto('/')
  const link = popularGrid(page).getByRole('link', { name: first.title, exact: true })
  await expect(link).toBeVisible()
  const detailCalls = () =>
    callsOf(tmdb.requests, 'detail').filter((request) =>
      new URL(request.url()).pathname.endsWith(`/${first.id}`),
    ).length

  const preloaded = page.waitForResponse((response) =>
    response.url().startsWith(`${API_ORIGIN}/3/movie/${first.id}?`),
  )
  await link.hover()
  await preloaded
  // The user rests on the card for half a second (of the page's clock) before clicking.
  await page.clock.runFor(500)
  expect(detailCalls()).toBe(1)

  await page.evaluate(() => {
    const root = document.documentElement
    new MutationObserver(() => {
      if (document.body.textContent.includes('Loading...')) root.dataset.sawLoading = 'yes'
    }).observe(document.body, { childList: true, subtree: true, characterData: true })
  })
  await link.click()
  await expect(page.getByRole('heading', { level: 1, name: first.title })).toBeVisible()
  await expect(page.locator('html')).not.toHaveAttribute('data-saw-loading', 'yes')
  expect(detailCalls()).toBe(1)
})

test('a card without a poster shows the local placeholder image', async ({ page, tmdb }) => {
  const listed = db.discover(1)
  const first = firstOf(listed.results)
  tmdb.use(
    tmdbScenario.respond('discover', {
      ...listed,
      results: [{ ...first, poster_path: null }, ...listed.results.slice(1)],
    }),
  )
  await page.goto('/')
  const poster = popularGrid(page).getByRole('img', { name: first.title, exact: true })
  await expect(poster).toHaveAttribute('src', PLACEHOLDER)
  await expect
    .poll(() => poster.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0)
})

test('each distinct term costs min(total_pages, 5) calls carrying the term; a repeat costs none', async ({
  page,
  tmdb,
}) => {
  await page.clock.install()
  await page.goto('/search')
  const searched = new Set<string>()
  let before = 0
  // 48 and 3 pages of matches in the demo catalog, a repeat, then 1 page: the last term's calls
  // are the only ones after the repeat, so a late call for the repeat would show there.
  for (const term of ['the', 'night', 'the', 'Harold & Kumar']) {
    const expected = expectedSearch(term)
    const calls = searched.has(term) ? 0 : expected.calls
    searched.add(term)
    await searchBox(page).fill(term)
    // The debounce runs in the page's clock: no real wait.
    await page.clock.runFor(SEARCH_DEBOUNCE_MS)
    await expect(searchResults(page, term).getByRole('link')).toHaveText(
      expected.movies.map((movie) => movie.title),
    )
    await expect.poll(() => callsOf(tmdb.requests, 'search').length - before).toBe(calls)
    const sent = callsOf(tmdb.requests, 'search').slice(before)
    const urls = sent.map((request) => new URL(request.url()))
    expect(urls.map((url) => url.searchParams.get('query'))).toEqual(
      Array.from({ length: calls }, () => term),
    )
    expect(urls.map((url) => url.searchParams.get('page')).sort()).toEqual(
      Array.from({ length: calls }, (_, index) => String(index + 1)).sort(),
    )
    if (calls > 0) expect(urls[0]?.searchParams.get('page')).toBe('1')
    expect(urls.every((url) => url.searchParams.get('api_key') === 'test-api-key')).toBe(true)
    expect(sent.every((request) => request.method() === 'GET')).toBe(true)
    before += calls
  }
  expect([5, 3, 1]).toEqual(
    ['the', 'night', 'Harold & Kumar'].map((term) => expectedSearch(term).calls),
  )
})

test('a result poster that fails to load falls back to the placeholder', async ({ page, tmdb }) => {
  const found = db.search('matrix', 1)
  const first = firstOf(found.results)
  tmdb.use(
    tmdbScenario.respond('search', {
      ...found,
      results: [{ ...first, poster_path: '/0.svg' }, ...found.results.slice(1)],
    }),
  )
  await page.goto('/search?q=matrix')
  const results = searchResults(page, 'matrix')
  const poster = results.getByRole('link', { name: first.title, exact: true }).locator('img')
  await expect(poster).toHaveAttribute('src', PLACEHOLDER)
  await expect
    .poll(() => poster.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0)
  // The others kept their own posters from the image host, at width 200.
  await expect(results.locator('img').nth(1)).toHaveAttribute(
    'src',
    /^https:\/\/image\.tmdb\.org\/t\/p\/w200\//,
  )
})
