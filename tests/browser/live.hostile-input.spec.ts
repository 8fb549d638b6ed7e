import type { Page } from '@playwright/test'
import { tmdbScenario } from '../../src/mocks/scenarios'
import { firstOf, logIn, popularGrid, searchResults, toast } from './support/app'
import { expect, test } from './support/fixtures'
import { legacyUsersEntry } from './support/storage'
import { db } from './support/tmdb'

/**
 * Data from TMDB and values in the URL are input the app does not control: markup in them must
 * stay text, and a post-login redirect must stay on this site. Absurd ids, pages and terms in
 * the URL are checked in tests/components/url-input.test.tsx.
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

/** TMDB answers with the hostile movie first in every list and as the detail of its id. */
const HOSTILE_TMDB = [
  tmdbScenario.respond('discover', { ...listed, results: [hostile, ...listed.results.slice(1)] }),
  tmdbScenario.respond('search', (request) => ({
    page: 1,
    results: new URL(request.url).searchParams.get('page') === '1' ? [hostile] : [],
    total_pages: 1,
    total_results: 1,
  })),
  tmdbScenario.respond('movie', hostileDetail, {
    when: (url) => url.pathname.endsWith(`/${String(base.id)}`),
  }),
]

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
  test.beforeEach(({ tmdb }) => {
    tmdb.use(...HOSTILE_TMDB)
  })

  test('home cards', async ({ page }) => {
    await page.goto('/')
    const card = popularGrid(page).getByRole('article').first()
    await expect(card.getByRole('heading', { level: 3 })).toHaveText(hostile.title)
    await expect(card.getByText(`${hostile.overview}...`, { exact: true })).toBeVisible()
    await expect(card.getByRole('img', { name: hostile.title, exact: true })).toBeVisible()
    await expect(popularGrid(page).getByRole('article')).toHaveCount(20)
    await expectInert(page)
  })

  test('search results', async ({ page }) => {
    await page.goto(`/search?q=${SEARCH_TERM}`)
    await expect(searchResults(page, SEARCH_TERM).getByRole('link')).toHaveText([hostile.title])
    await expectInert(page)
  })

  test('movie detail, its genres and the document title', async ({ page }) => {
    await page.goto(`/movie/${base.id}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(hostile.title)
    await expect(page.getByText(hostile.overview, { exact: true })).toBeVisible()
    await expect(page.getByText(`${IMG_PAYLOAD}, ${SCRIPT_PAYLOAD}`, { exact: true })).toBeVisible()
    await expect(page).toHaveTitle(`${hostile.title} · CineList`)
    await expectInert(page)
  })

  test.describe('signed in', () => {
    test.use({
      signedIn: { name: 'Mallory', email: 'mallory@example.com', password: 'Mallory-pass1' },
    })

    test('the favorites toast and the favorites list', async ({ page }) => {
      await page.goto('/')
      const card = popularGrid(page).getByRole('article').first()
      await card.getByRole('button', { name: 'Add to Favorites' }).click()
      await expect(toast(page, `Added "${hostile.title}" to favorites!`)).toBeVisible()
      await expectInert(page)

      await page.goto('/favorites')
      await expect(page.getByRole('heading', { level: 2 })).toHaveText([hostile.title])
      await expectInert(page)
    })
  })
})

test.describe('a post-login redirect stays on this site', () => {
  const account = { name: 'Alice', email: 'alice@example.com', password: 'Secret1!' }
  // A user record as an earlier version stored it: a plain array, password in plain form.
  test.use({ storage: legacyUsersEntry(account) })

  /**
   * The `redirect` value as it appears in the address. Every form that could lead off the site is
   * checked against the router in tests/components/url-input.test.tsx; these two go through a
   * real login in a real browser.
   */
  const redirects = ['//evil.example', 'javascript:alert(1)']

  for (const redirect of redirects) {
    test(`/login?redirect=${redirect}`, async ({ page, context, baseURL }) => {
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

      await page.goto(`/login?redirect=${redirect}`)
      await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible()
      await logIn(page, account)

      const origin = new URL(baseURL ?? '').origin
      await expect(page).toHaveURL((url) => url.origin === origin && url.pathname === '/')
      await expect(page.getByRole('heading', { level: 1, name: 'CineList' })).toBeVisible()
      await expect(page.getByText('Welcome, Alice!')).toBeVisible()
      expect(offSite).toEqual([])
      expect(dialogs).toEqual([])
    })
  }

  test('a same-site redirect is still honoured after login (control)', async ({ page }) => {
    await page.goto(`/login?redirect=${encodeURIComponent('/search?q=star')}`)
    await logIn(page, account)
    await expect(page).toHaveURL((url) => url.pathname === '/search' && url.search === '?q=star')
    await expect(searchResults(page, 'star').getByRole('link')).toHaveCount(10)
  })
})
