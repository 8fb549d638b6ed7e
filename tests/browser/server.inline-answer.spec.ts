import { firstOf, pagination, popularGrid, postersLoaded } from './support/app'
import { expectStrictScriptPolicy, recordCsp } from './support/csp'
import { expect, test } from './support/fixtures'
import { db } from './support/tmdb'

/**
 * Under `npm start`, once the server holds the home page's first TMDB answer, it sends that
 * answer inside the page: the page shows the films without asking for them.
 */
test('with the answer cached, the home page shows the films without an API request', async ({
  page,
  context,
}) => {
  // The first visit asks for the films, which fills the server's cache (if no test did).
  await page.goto('/')
  await expect(popularGrid(page).getByRole('article')).toHaveCount(20)

  const next = await context.newPage()
  const api: string[] = []
  next.on('request', (request) => {
    const url = new URL(request.url())
    if (url.pathname.startsWith('/api/tmdb/')) api.push(url.pathname + url.search)
  })
  const csp = await recordCsp(next)
  await next.goto('/')
  const grid = popularGrid(next)
  await expect(grid.getByRole('article')).toHaveCount(20)
  await expect(grid.getByRole('heading', { level: 3 }).first()).toHaveText(
    firstOf(db.discover(1).results).title,
  )
  await postersLoaded(next)
  expect(api).toEqual([])
  // A JSON data block: nothing the policy (script-src 'self') has to allow.
  await expectStrictScriptPolicy(next)
  await csp.collect()
  expect(csp.violations).toEqual([])

  // The next page is asked for as always.
  await pagination(next).getByRole('button', { name: '2', exact: true }).click()
  await expect(grid.getByRole('heading', { level: 3 }).first()).toHaveText(
    firstOf(db.discover(2).results).title,
  )
  const discoverPages = api
    .map((url) => new URL(url, next.url()))
    .filter((url) => url.pathname.endsWith('/discover/movie'))
    .map((url) => url.searchParams.get('page'))
  expect(discoverPages).toEqual(['2'])
})
