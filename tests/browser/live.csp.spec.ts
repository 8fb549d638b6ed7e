import { expect, test } from '@playwright/test'
import { expectStrictScriptPolicy, metaPolicy, recordCsp, visitEveryRoute } from './support/csp'
import { API_ORIGIN, IMAGE_ORIGIN, routeTmdb } from './support/tmdb'

/**
 * The built page's Content Security Policy in a credentialed build: TMDB's API and image host
 * are allowed, and nothing the app does is blocked.
 */
test('the meta policy allows scripts from this origin only, and TMDB for data and posters', async ({
  page,
}) => {
  await routeTmdb(page)
  await page.goto('/')
  await expectStrictScriptPolicy(page)
  const policy = await metaPolicy(page)
  expect(policy.get('connect-src')).toContain(API_ORIGIN)
  expect(policy.get('img-src')).toContain(IMAGE_ORIGIN)
})

test('no route, toast or poster violates the policy', async ({ page, context }) => {
  test.setTimeout(60_000)
  const csp = await recordCsp(page)
  await routeTmdb(page)
  await visitEveryRoute(page, context, csp.collect)
  expect(csp.violations, 'securitypolicyviolation events').toEqual([])
  expect(csp.consoleLines, 'console lines about the policy').toEqual([])
})
