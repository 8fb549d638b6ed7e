import { expect, test, type Page } from '@playwright/test'
import {
  favoritesKey,
  favoritesValue,
  firstOf,
  logIn,
  pagination,
  popularGrid,
  searchResults,
  seedStorage,
  toast,
} from './support/app'
import { callOf, db, routeTmdb } from './support/tmdb'
import { watchPage } from './support/watch'

/**
 * Data from TMDB and values in the URL are input the app does not control: markup in them must
 * stay text, a post-login redirect must stay on this site, and absurd ids, pages and terms must
 * not become requests.
 */

const IMG_PAYLOAD = '<img src=x onerror=window.__pwned=1>'
const SCRIPT_PAYLOAD = '<script>window.__pwned=1</script>'

const listed = db.discover(1)
const base = firstOf(listed.results)
const hostile = {
  ...base,
  title: `${IMG_PAYLOAD} ${SCRIPT_PAYLOAD}`,
  overview: `${SCRIPT_PAYLOAD}${IMG_PAYLOAD}`,
}
const hostileDetail = {
  ...db.find(base.id),
  ...hostile,
  genres: [
    { id: 1, name: IMG_PAYLOAD },
    { id: 2, name: SCRIPT_PAYLOAD },
  ],
}
const SEARCH_TERM = 'pwned'
const searchResultsList = (page: Page) => page.getByRole('list', { name: /^Results for/ })

/** TMDB answers with the hostile movie first in every list and as the detail of its id. */
const routeHostileTmdb = (page: Page) =>
  routeTmdb(page, async (route, call, url) => {
    if (call === 'discover') {
      await route.fulfill({ json: { ...listed, results: [hostile, ...listed.results.slice(1)] } })
      return true
    }
    if (call === 'search') {
      const results = url.searchParams.get('page') === '1' ? [hostile] : []
      await route.fulfill({ json: { page: 1, results, total_pages: 1, total_results: 1 } })
      return true
    }
    if (url.pathname.endsWith(`/${base.id}`)) {
      await route.fulfill({ json: hostileDetail })
      return true
    }
    return false
  })

/** Nothing ran and no element was made from the payloads. */
async function expectInert(page: Page) {
  const traces = await page.evaluate(() => ({
    pwned: (window as { __pwned?: unknown }).__pwned,
    imagesWithSrcX: document.querySelectorAll('img[src="x"]').length,
    onerrorAttributes: document.querySelectorAll('[onerror]').length,
    injectedScripts: Array.from(document.scripts).filter((script) =>
      script.text.includes('__pwned'),
    ).length,
  }))
  expect(traces).toEqual({
    pwned: undefined,
    imagesWithSrcX: 0,
    onerrorAttributes: 0,
    injectedScripts: 0,
  })
}

test.describe('markup in TMDB data renders as text', () => {
  test('home cards', async ({ page }) => {
    const watched = watchPage(page)
    await routeHostileTmdb(page)
    await page.goto('/')
    const card = popularGrid(page).getByRole('article').first()
    await expect(card.getByRole('heading', { level: 3 })).toHaveText(hostile.title)
    await expect(card.getByText(`${hostile.overview}...`, { exact: true })).toBeVisible()
    await expect(card.getByRole('img', { name: hostile.title, exact: true })).toBeVisible()
    await expect(popularGrid(page).getByRole('article')).toHaveCount(20)
    await expectInert(page)
    expect(watched.pageErrors).toEqual([])
  })

  test('search results', async ({ page }) => {
    const watched = watchPage(page)
    await routeHostileTmdb(page)
    await page.goto(`/search?q=${SEARCH_TERM}`)
    await expect(searchResults(page, SEARCH_TERM).getByRole('link')).toHaveText([hostile.title])
    await expectInert(page)
    expect(watched.pageErrors).toEqual([])
  })

  test('movie detail, its genres and the document title', async ({ page }) => {
    const watched = watchPage(page)
    await routeHostileTmdb(page)
    await page.goto(`/movie/${base.id}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(hostile.title)
    await expect(page.getByText(hostile.overview, { exact: true })).toBeVisible()
    await expect(page.getByText(`${IMG_PAYLOAD}, ${SCRIPT_PAYLOAD}`, { exact: true })).toBeVisible()
    await expect(page).toHaveTitle(`${hostile.title} · CineList`)
    await expectInert(page)
    expect(watched.pageErrors).toEqual([])
  })

  test('the favorites toast and the favorites list', async ({ page, context }) => {
    const watched = watchPage(page)
    const user = { name: 'Mallory', email: 'mallory@example.com' }
    await seedStorage(context, {
      currentUser: JSON.stringify(user),
      [favoritesKey(user.email)]: favoritesValue([]),
    })
    await routeHostileTmdb(page)
    await page.goto('/')
    const card = popularGrid(page).getByRole('article').first()
    await card.getByRole('button', { name: 'Add to Favorites' }).click()
    await expect(toast(page, `Added "${hostile.title}" to favorites!`)).toBeVisible()
    await expectInert(page)

    await page.goto('/favorites')
    await expect(page.getByRole('heading', { level: 2 })).toHaveText([hostile.title])
    await expectInert(page)
    expect(watched.pageErrors).toEqual([])
  })
})

test.describe('a post-login redirect stays on this site', () => {
  const account = { name: 'Alice', email: 'alice@example.com', password: 'Secret1!' }
  /** The `redirect` value as it appears in the address, raw or encoded. */
  const redirects = [
    'https://evil.example',
    '//evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
    '%2F%2Fevil.example',
    '%2F%5Cevil.example',
    'JaVaScRiPt%3Aalert%281%29',
    '%22%2F%2Fevil.example%22',
    '%2F%09%2Fevil.example',
  ]

  for (const redirect of redirects) {
    test(`/login?redirect=${redirect}`, async ({ page, context, baseURL }) => {
      const watched = watchPage(page)
      const offSite: string[] = []
      const dialogs: string[] = []
      await context.route(
        (url) => url.hostname.endsWith('evil.example'),
        (route) => {
          offSite.push(route.request().url())
          return route.fulfill({ contentType: 'text/html', body: '<h1>evil</h1>' })
        },
      )
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message())
        void dialog.dismiss()
      })
      // A user record as an earlier version stored it: a plain array, password in plain form.
      await seedStorage(context, { users: JSON.stringify([account]) })
      await routeTmdb(page)

      await page.goto(`/login?redirect=${redirect}`)
      await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible()
      await logIn(page, account)

      const origin = new URL(baseURL ?? '').origin
      await expect(page).toHaveURL((url) => url.origin === origin && url.pathname === '/')
      await expect(page.getByRole('heading', { level: 1, name: 'CineList' })).toBeVisible()
      await expect(page.getByText('Welcome, Alice!')).toBeVisible()
      expect(offSite).toEqual([])
      expect(dialogs).toEqual([])
      expect(watched.pageErrors).toEqual([])
    })
  }
})

test('a same-site redirect is still honoured after login (control)', async ({ page, context }) => {
  const account = { name: 'Alice', email: 'alice@example.com', password: 'Secret1!' }
  await seedStorage(context, { users: JSON.stringify([account]) })
  await routeTmdb(page)
  await page.goto(`/login?redirect=${encodeURIComponent('/search?q=star')}`)
  await logIn(page, account)
  await expect(page).toHaveURL((url) => url.pathname === '/search' && url.search === '?q=star')
  await expect(searchResults(page, 'star').getByRole('link')).toHaveCount(10)
})

test.describe('absurd URLs', () => {
  test('/movie/<not an id> shows the 404 page and asks TMDB nothing', async ({ page }) => {
    const watched = watchPage(page)
    const requests = await routeTmdb(page)
    for (const path of [
      '/movie/abc',
      '/movie/99999999999',
      '/movie/0',
      '/movie/-1',
      '/movie/1e3',
    ]) {
      await page.goto(path)
      await expect(
        page.getByText('The page you’re looking for doesn’t seem to exist.', { exact: true }),
        path,
      ).toBeVisible()
      await expect(page.getByRole('link', { name: 'Go Home' }), path).toHaveAttribute('href', '/')
    }
    expect(
      requests
        .filter((request) => callOf(new URL(request.url())) === 'detail')
        .map((request) => request.url()),
      'detail requests',
    ).toEqual([])
    expect(watched.pageErrors).toEqual([])
  })

  test('/?page=<not a page> shows page 1 and asks only for pages 1..500', async ({ page }) => {
    const watched = watchPage(page)
    const requests = await routeTmdb(page)
    for (const raw of ['-1', '99999', '0', '501', '2.5', 'abc']) {
      await page.goto(`/?page=${raw}`)
      await expect(
        popularGrid(page).getByRole('heading', { level: 3 }),
        `/?page=${raw}`,
      ).toHaveText(listed.results.map((movie) => movie.title))
      await expect(
        pagination(page).getByRole('button', { name: '1', exact: true }),
        `/?page=${raw}`,
      ).toHaveAttribute('aria-current', 'page')
      await expect(
        pagination(page).getByRole('button', { name: 'Previous' }),
        `/?page=${raw}`,
      ).toBeDisabled()
    }
    const pages = requests
      .map((request) => new URL(request.url()))
      .filter((url) => callOf(url) === 'discover')
      .map((url) => url.searchParams.get('page'))
    expect(pages).not.toHaveLength(0)
    expect(
      pages.filter(
        (value) => !/^\d+$/.test(value ?? '') || Number(value) < 1 || Number(value) > 500,
      ),
      'discover requests with a page TMDB does not serve',
    ).toEqual([])
    expect(watched.pageErrors).toEqual([])
  })

  test('/search?q=<2,000 characters> does not crash and sends at most 100 characters', async ({
    page,
  }) => {
    const watched = watchPage(page)
    const requests = await routeTmdb(page)
    const term = 'The Matrix '.repeat(200).slice(0, 2000)
    await page.goto(`/search?q=${encodeURIComponent(term)}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Search Movies' })).toBeVisible()
    // The demo catalog has no such title: the search completes with no results.
    await expect(
      page.getByText('No movies found', { exact: true }).or(searchResultsList(page)),
    ).toBeVisible()
    await expect(page.getByText('Error fetching data')).toHaveCount(0)
    const searches = () =>
      requests
        .map((request) => new URL(request.url()))
        .filter((url) => callOf(url) === 'search')
        .map((url) => url.searchParams.get('query') ?? '')
    await expect.poll(() => searches().length).toBeGreaterThan(0)
    expect(Math.max(...searches().map((query) => query.length))).toBeLessThanOrEqual(100)
    expect(searches().every((query) => term.startsWith(query))).toBe(true)
    await expect(page.getByPlaceholder('Enter movie title...')).toHaveValue(/^.{1,100}$/)
    expect(watched.pageErrors).toEqual([])
  })
})
