import { expect, test } from './support/fixtures'
import { expectWorkerInCharge, workerScripts } from './support/pwa'
import { db } from './support/tmdb'

test('a credentialed build calls TMDB exactly as behaviour §7, before its service worker and through it', async ({
  page,
  tmdb: { requests },
}) => {
  await page.goto('/')
  await expect(
    page.getByRole('region', { name: 'Popular Movies' }).getByRole('article'),
  ).toHaveCount(20)

  // Sent by the entry while the app's code downloads, and used by the page: once, not twice.
  const discovers = requests.filter((request) => request.url().includes('/3/discover/movie'))
  expect(discovers).toHaveLength(1)
  const discover = discovers[0]
  expect(discover?.method()).toBe('GET')
  expect(discover?.url()).toBe(
    'https://api.themoviedb.org/3/discover/movie?include_adult=false&include_video=false&language=en-US&page=1&sort_by=popularity.desc',
  )
  expect(await discover?.headerValue('authorization')).toBe('Bearer test-read-token')

  // Once the page has loaded, the app's worker (no mock TMDB) takes charge, and keeping the
  // visit for offline use asks TMDB for nothing more.
  await expectWorkerInCharge(page)
  expect(await workerScripts(page)).toEqual(['/sw.js'])
  expect(requests.map((request) => request.url())).toEqual([discover?.url()])
  await expect(page.getByText(/Demo mode/)).toHaveCount(0)

  const movie = db.discover(1).results[1]
  if (!movie) throw new Error('the demo catalog is empty')
  await page.goto(`/movie/${movie.id}`)
  await expect(page.getByRole('heading', { level: 1, name: movie.title })).toBeVisible()
  // This page is the worker's: the request it passes on is the page's own.
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
  const detail = requests.find((request) => request.url().includes(`/3/movie/${movie.id}`))
  expect(detail?.url()).toBe(
    `https://api.themoviedb.org/3/movie/${movie.id}?language=en-US&append_to_response=credits%2Cvideos%2Crecommendations%2Crelease_dates%2Cwatch%2Fproviders&api_key=test-api-key`,
  )
  expect(await detail?.headerValue('authorization')).toBeNull()
})

test('a page of the home grid opened directly is requested once, for that page', async ({
  page,
  tmdb: { requests },
}) => {
  await page.goto('/?page=3')
  const cards = page.getByRole('region', { name: 'Popular Movies' }).getByRole('article')
  await expect(cards.getByRole('heading', { level: 3 })).toHaveText(
    db.discover(3).results.map((movie) => movie.title),
  )
  expect(requests.map((request) => new URL(request.url()).searchParams.get('page'))).toEqual(['3'])
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the static shell shows the bar and the page area without any script', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('banner').getByRole('link', { name: 'CineList' })).toBeVisible()
    // Styled by the inline stylesheet: the bar is the app's dark one, the page area full height.
    await expect(page.getByRole('banner')).toHaveCSS('position', 'sticky')
    const viewport = page.viewportSize()?.height ?? 0
    expect((await page.getByRole('main').boundingBox())?.height).toBeGreaterThanOrEqual(viewport)
  })
})

test('a landing page fetches its lead poster and its code up front, each once', async ({
  page,
}) => {
  const requested: string[] = []
  page.on('request', (request) => requested.push(request.url()))

  await page.goto('/')
  const firstPoster = page.getByRole('region', { name: 'Popular Movies' }).getByRole('img').first()
  await expect(firstPoster).toHaveAttribute('alt', db.discover(1).results[0]?.title ?? '')
  const posterSrc = await firstPoster.getAttribute('src')
  // The entry preloads it as soon as the discover response names it; the card uses that copy.
  await expect(page.locator('link[rel="preload"][as="image"]')).toHaveAttribute(
    'href',
    posterSrc ?? '',
  )
  expect(requested.filter((url) => url === posterSrc)).toHaveLength(1)

  const movie = db.discover(1).results[0]
  if (!movie) throw new Error('the demo catalog is empty')
  // The scripts the next page asks for before it shows the movie. What it loads once idle
  // after that (the offline notices, the service worker's registration) is not start-up code,
  // and not announced on purpose.
  await page.addInitScript((title) => {
    new MutationObserver((_records, observer) => {
      if (document.querySelector('h1')?.textContent === title) {
        Reflect.set(window, '__shownAt', performance.now())
        observer.disconnect()
      }
    }).observe(document, { childList: true, subtree: true, characterData: true })
  }, movie.title)
  await page.goto(`/movie/${movie.id}`)
  await expect(page.getByRole('heading', { level: 1, name: movie.title })).toBeVisible()
  const requestedFirst = await page.evaluate(() => {
    const shownAt = Number(Reflect.get(window, '__shownAt'))
    return performance
      .getEntriesByType('resource')
      .filter((entry) => entry.startTime < shownAt)
      .map((entry) => entry.name)
  })
  // Every script the page runs was announced by index.html or by the entry for this route.
  const announced = await page.evaluate(() =>
    [...document.querySelectorAll('link[rel="modulepreload"], script[src]')].map(
      (element) =>
        new URL(element.getAttribute('href') ?? element.getAttribute('src') ?? '', location.href)
          .href,
    ),
  )
  const scripts = requestedFirst.filter((url) => url.endsWith('.js'))
  expect(scripts.length).toBeGreaterThan(3)
  expect(scripts.filter((url) => !announced.includes(url))).toEqual([])
  expect(new Set(scripts).size).toBe(scripts.length)
})

test('what the page loads once idle waits for its lead poster on the screen; no stylesheet is fetched', async ({
  page,
}) => {
  // When Chromium reports the lead poster on the screen (Element Timing, as the app watches it).
  await page.addInitScript(() => {
    new PerformanceObserver((_entries, observer) => {
      Reflect.set(window, '__leadShownAt', performance.now())
      observer.disconnect()
    }).observe({ type: 'element', buffered: true })
  })
  const requested: string[] = []
  page.on('request', (request) => requested.push(request.url()))

  await page.goto('/')
  // The app's notices (src/features/pwa/start.tsx) and sonner's toaster.
  const idleTimeScripts = () =>
    page.evaluate(() => ({
      shownAt: Number(Reflect.get(window, '__leadShownAt')),
      loads: performance
        .getEntriesByType('resource')
        .filter((entry) => /\/assets\/(?:start|app-toaster)-[\w-]+\.js$/.test(entry.name))
        .map((entry) => entry.startTime),
    }))
  await expect.poll(async () => (await idleTimeScripts()).loads.length).toBe(2)
  const { shownAt, loads } = await idleTimeScripts()
  expect(shownAt).toBeGreaterThan(0)
  for (const startTime of loads) expect(startTime).toBeGreaterThan(shownAt)
  // The stylesheet is inline in the page; nothing asks for it again.
  expect(requested.filter((url) => new URL(url).pathname.endsWith('.css'))).toEqual([])
})

test('a search opened directly asks for each of its pages once', async ({
  page,
  tmdb: { requests },
}) => {
  const term = 'man'
  const totalPages = db.search(term, 1).total_pages
  expect(totalPages).toBeGreaterThan(5)
  await page.goto(`/search?q=${term}`)
  const results = page.getByRole('list', { name: `Results for “${term}”` })
  await expect(results).toHaveAttribute('aria-busy', 'false')
  await expect(results.getByRole('listitem')).toHaveCount(10)
  // Pages 2..5 leave from the entry as soon as page 1 tells how many there are; the search
  // then uses those responses instead of asking again.
  const pages = requests.map((request) => new URL(request.url()).searchParams.get('page'))
  expect(pages.sort()).toEqual(['1', '2', '3', '4', '5'])
})
