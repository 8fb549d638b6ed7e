import { expect, test, type Page, type Request } from '@playwright/test'
import { expectedSearch, firstOf, popularGrid, searchBox, searchResults } from './support/app'
import { callOf, db, routeTmdb, type TmdbCall } from './support/tmdb'

const PLACEHOLDER = '/placeholder-poster.svg'

/** A promise the test resolves when it wants a held request to go on. */
function gate() {
  let open = () => {}
  const opened = new Promise<void>((resolve) => {
    open = resolve
  })
  return { open, opened }
}

const callsOf = (requests: Request[], call: TmdbCall) =>
  requests.filter((request) => callOf(new URL(request.url())) === call)

/** Console errors the app wrote itself (not Chromium's own "Failed to load resource" lines). */
function appConsoleErrors(page: Page) {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      errors.push(message.text())
    }
  })
  return errors
}

test.describe('movie detail', () => {
  test('a card hovered for 500 ms opens at once, with no second request after the click', async ({
    page,
  }) => {
    const requests = await routeTmdb(page)
    const first = firstOf(db.discover(1).results)
    await page.goto('/')
    const link = popularGrid(page).getByRole('link', { name: first.title, exact: true })
    await expect(link).toBeVisible()
    const detailCalls = () =>
      callsOf(requests, 'detail').filter((request) =>
        new URL(request.url()).pathname.endsWith(`/${first.id}`),
      ).length

    const preloaded = page.waitForResponse((response) =>
      response.url().startsWith(`https://api.themoviedb.org/3/movie/${first.id}?`),
    )
    await link.hover()
    await preloaded
    // The user rests on the card for half a second before clicking.
    await page.waitForTimeout(500)
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
})

test.describe('popular movies', () => {
  test('a failing request shows nothing to the user and is logged to the console', async ({
    page,
  }) => {
    const errors = appConsoleErrors(page)
    await routeTmdb(page, async (route, call) => {
      if (call !== 'discover') return false
      await route.fulfill({ status: 500, json: { success: false, status_code: 11 } })
      return true
    })
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: 'CineList' })).toBeVisible({
      timeout: 20_000,
    })
    await expect.poll(() => errors.length, { timeout: 20_000 }).toBeGreaterThan(0)

    await expect(page.getByRole('region', { name: 'Popular Movies' })).toHaveCount(0)
    await expect(page.getByRole('alert')).toHaveCount(0)
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0)
    await expect(page.getByText(/error|failed|went wrong/i)).toHaveCount(0)
    await expect(page.getByText('Loading...')).toHaveCount(0)
  })

  test('a card without a poster shows the local placeholder image', async ({ page }) => {
    const listed = db.discover(1)
    const first = firstOf(listed.results)
    await routeTmdb(page, async (route, call) => {
      if (call !== 'discover') return false
      await route.fulfill({
        json: { ...listed, results: [{ ...first, poster_path: null }, ...listed.results.slice(1)] },
      })
      return true
    })
    await page.goto('/')
    const poster = popularGrid(page).getByRole('img', { name: first.title, exact: true })
    await expect(poster).toHaveAttribute('src', PLACEHOLDER)
    await expect
      .poll(() => poster.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0)
  })
})

test.describe('search', () => {
  test('shows “Loading...” while the search is pending', async ({ page }) => {
    const held = gate()
    await routeTmdb(page, async (_route, call) => {
      if (call === 'search') await held.opened
      return false
    })
    await page.goto('/search')
    await searchBox(page).fill('matrix')
    await expect(page.getByText('Loading...', { exact: true })).toBeVisible()
    held.open()
    await expect(searchResults(page, 'matrix').getByRole('link')).toHaveText(
      expectedSearch('matrix').movies.map((movie) => movie.title),
    )
  })

  const failures = {
    'a 500 answer': { status: 500, json: { success: false, status_code: 11 } },
    'a body that is not JSON': { status: 200, contentType: 'text/html', body: '<html>' },
    'an unexpected JSON shape': { status: 200, json: { message: 'nope' } },
  }
  for (const [name, response] of Object.entries(failures)) {
    test(`${name} shows “Error fetching data”`, async ({ page }) => {
      await routeTmdb(page, async (route, call) => {
        if (call !== 'search') return false
        await route.fulfill(response)
        return true
      })
      await page.goto('/search')
      await searchBox(page).fill('matrix')
      await expect(page.getByText('Error fetching data', { exact: true })).toBeVisible({
        timeout: 20_000,
      })
      await expect(page.getByRole('list', { name: /^Results for/ })).toHaveCount(0)
    })
  }

  test('a network failure shows “Error fetching data”', async ({ page }) => {
    await routeTmdb(page, async (route, call) => {
      if (call !== 'search') return false
      await route.abort('connectionrefused')
      return true
    })
    await page.goto('/search')
    await searchBox(page).fill('matrix')
    await expect(page.getByText('Error fetching data', { exact: true })).toBeVisible({
      timeout: 20_000,
    })
  })

  test('each distinct term costs min(total_pages, 5) calls carrying the term; a repeat costs none', async ({
    page,
  }) => {
    const requests = await routeTmdb(page)
    await page.goto('/search')
    let before = 0
    // 48, 3 and 1 pages of matches in the demo catalog.
    for (const term of ['the', 'night', 'Harold & Kumar']) {
      const expected = expectedSearch(term)
      await searchBox(page).fill(term)
      await expect(searchResults(page, term).getByRole('link')).toHaveText(
        expected.movies.map((movie) => movie.title),
      )
      await expect.poll(() => callsOf(requests, 'search').length - before).toBe(expected.calls)
      const calls = callsOf(requests, 'search').slice(before)
      const urls = calls.map((request) => new URL(request.url()))
      expect(urls.map((url) => url.searchParams.get('query'))).toEqual(
        Array.from({ length: expected.calls }, () => term),
      )
      expect(urls.map((url) => url.searchParams.get('page')).sort()).toEqual(
        Array.from({ length: expected.calls }, (_, index) => String(index + 1)).sort(),
      )
      expect(urls[0]?.searchParams.get('page')).toBe('1')
      expect(urls.every((url) => url.searchParams.get('api_key') === 'test-api-key')).toBe(true)
      expect(calls.every((request) => request.method() === 'GET')).toBe(true)
      before += expected.calls
    }
    expect([5, 3, 1]).toEqual(
      ['the', 'night', 'Harold & Kumar'].map((term) => expectedSearch(term).calls),
    )

    await searchBox(page).fill('the')
    await expect(searchResults(page, 'the').getByRole('link')).toHaveText(
      expectedSearch('the').movies.map((movie) => movie.title),
    )
    await page.waitForTimeout(700)
    expect(callsOf(requests, 'search')).toHaveLength(before)
  })

  test('typing is debounced: a term is searched only once it has rested 500 ms', async ({
    page,
  }) => {
    const searches: { term: string | null; at: number }[] = []
    await routeTmdb(page, (_route, call, url) => {
      if (call === 'search') searches.push({ term: url.searchParams.get('query'), at: Date.now() })
      return false
    })
    await page.goto('/search')
    await page.evaluate(() => {
      const root = document.documentElement
      root.dataset.inputs = '[]'
      document.addEventListener(
        'input',
        (event) => {
          const inputs = JSON.parse(root.dataset.inputs ?? '[]') as unknown[]
          const { value } = event.target as HTMLInputElement
          inputs.push({ value, at: Date.now() })
          root.dataset.inputs = JSON.stringify(inputs)
        },
        true,
      )
    })
    await searchBox(page).pressSequentially('alien', { delay: 60 })
    await expect(searchResults(page, 'alien').getByRole('link')).not.toHaveCount(0)
    const inputs = JSON.parse((await page.locator('html').getAttribute('data-inputs')) ?? '[]') as {
      value: string
      at: number
    }[]
    expect(inputs.map((input) => input.value)).toEqual(['a', 'al', 'ali', 'alie', 'alien'])

    // Only a value left alone for 500 ms is searched: normally just the last one, but a slow
    // machine may pause that long between two keystrokes.
    const rested = inputs.filter(
      (input, index) => (inputs[index + 1]?.at ?? Infinity) - input.at >= 500,
    )
    expect(searches.map((search) => search.term)).toEqual(rested.map((input) => input.value))
    for (const [index, search] of searches.entries()) {
      const wait = search.at - (rested[index]?.at ?? 0)
      expect(wait).toBeGreaterThanOrEqual(490)
      expect(wait).toBeLessThan(3000)
    }
  })

  test('a result poster that fails to load falls back to the placeholder', async ({ page }) => {
    const found = db.search('matrix', 1)
    const first = firstOf(found.results)
    await routeTmdb(page, async (route, call) => {
      if (call !== 'search') return false
      await route.fulfill({
        json: {
          ...found,
          results: [{ ...first, poster_path: '/0.svg' }, ...found.results.slice(1)],
        },
      })
      return true
    })
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
})
