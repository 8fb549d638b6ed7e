import { expectEveryRouteAllowed, expectStrictScriptPolicy, metaPolicy } from './support/csp'
import { expect, test } from './support/fixtures'
import { API_ORIGIN, IMAGE_ORIGIN } from './support/tmdb'

/**
 * The built page's Content Security Policy in a credentialed build: TMDB's API and image host
 * are allowed, and nothing the app does is blocked.
 */
test('the meta policy allows scripts from this origin only, and TMDB for data and posters', async ({
  page,
}) => {
  await page.goto('/')
  await expectStrictScriptPolicy(page)
  const policy = await metaPolicy(page)
  expect(policy.get('connect-src')).toContain(API_ORIGIN)
  expect(policy.get('img-src')).toContain(IMAGE_ORIGIN)
})

test('no route, toast or poster violates the policy', async ({ page, context }) => {
  test.setTimeout(60_000)
  await expectEveryRouteAllowed(page, context)
})
