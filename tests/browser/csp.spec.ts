import { expectEveryRouteAllowed, expectStrictScriptPolicy } from './support/csp'
import { test } from './support/fixtures'

/**
 * The built page's Content Security Policy in the demo build (mock TMDB in a service worker):
 * strict for scripts, and nothing the app does is blocked by it.
 */
test('the meta policy allows scripts from this origin only', async ({ page }) => {
  await page.goto('/')
  await expectStrictScriptPolicy(page)
})

test('no route, toast or poster violates the policy', async ({ page, context }) => {
  test.setTimeout(60_000)
  await expectEveryRouteAllowed(page, context)
})
