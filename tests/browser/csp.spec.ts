import { expect, test } from '@playwright/test'
import { expectStrictScriptPolicy, recordCsp, visitEveryRoute } from './support/csp'

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
  const csp = await recordCsp(page)
  await visitEveryRoute(page, context, csp.collect)
  expect(csp.violations, 'securitypolicyviolation events').toEqual([])
  expect(csp.consoleLines, 'console lines about the policy').toEqual([])
})
