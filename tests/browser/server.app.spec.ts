import { expectStrictScriptPolicy, recordCsp, visitEveryRoute } from './support/csp'
import { expect, test } from './support/fixtures'
import { SERVER_TMDB_TOKEN } from './support/server'

/**
 * The app under `npm start`: without a credential (project server-demo) the server answers
 * from the demo catalog itself; with one (server-proxy) it proxies a local fake TMDB. Either
 * way the page calls its own origin for data, and only posters come from elsewhere.
 */
test('every route works with the data from the page’s own server, and nothing else is called', async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000)
  const proxy = testInfo.project.name === 'server-proxy'
  const origin = new URL(baseURL ?? '').origin
  const requests: { url: URL; authorization: string | undefined }[] = []
  page.on('request', (request) => {
    requests.push({ url: new URL(request.url()), authorization: request.headers().authorization })
  })
  const csp = await recordCsp(page)

  await visitEveryRoute(page, context, csp.collect)

  expect(csp.violations, 'securitypolicyviolation events').toEqual([])
  const api = requests.filter(({ url }) => url.pathname.startsWith('/api/tmdb/'))
  // A page the server rendered comes with its data; the pages the app goes to ask here.
  expect(api.length).toBeGreaterThan(0)
  for (const { url, authorization } of requests) {
    const where = url.href
    if (url.protocol === 'data:') continue
    // Posters: from the image host in front of TMDB, from this server in demo mode.
    const imageHost = proxy && url.pathname.startsWith('/demo-images/') ? url.origin : origin
    expect([origin, imageHost], where).toContain(url.origin)
    expect(url.hostname, where).not.toBe('api.themoviedb.org')
    expect(url.searchParams.has('api_key'), where).toBe(false)
    expect(authorization, where).toBeUndefined()
  }
  // No worker, no catalog: the server holds the demo.
  expect(
    requests
      .map(({ url }) => url.pathname)
      .filter((path) => /mockServiceWorker|catalog/.test(path)),
  ).toEqual([])
})

test('the page gets its policy as a header too, which forbids framing, and no credential', async ({
  page,
}) => {
  const response = await page.goto('/')
  const headers = response?.headers() ?? {}
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'")
  expect(headers['content-security-policy']).toContain("connect-src 'self'")
  expect(headers['x-content-type-options']).toBe('nosniff')
  await expectStrictScriptPolicy(page)
  const html = (await response?.text()) ?? ''
  expect(html).not.toContain(SERVER_TMDB_TOKEN)
  expect(await page.evaluate(() => document.documentElement.outerHTML)).not.toContain(
    SERVER_TMDB_TOKEN,
  )
})
