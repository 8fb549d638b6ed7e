// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { DISCOVER, everything, SERVER_API_KEY, SERVER_TOKEN, serverTestBed } from '../support'

const bed = serverTestBed()
const app = bed.app

describe('the page', () => {
  it('tells the page to call the API here, under the same policy as the header, which also forbids framing', async () => {
    const server = await app()
    const response = await server.inject({ url: '/' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-cache')
    expect(response.body).toContain(
      '<meta name="tmdb-proxy" content="/api/tmdb" data-image-url="https://image.tmdb.org/t/p">',
    )
    const meta = /http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(response.body)?.[1]
    const header = String(response.headers['content-security-policy'])
    expect(meta).toContain("connect-src 'self' https://image.tmdb.org")
    expect(meta).not.toContain('api.themoviedb.org')
    expect(header).toContain("frame-ancestors 'none'")
    // The same directives, in the header as in the page (helmet writes them without spaces).
    const directives = (policy: string) =>
      policy
        .split(';')
        .map((part) => part.trim().replace(/\s+/g, ' '))
        .filter(Boolean)
    expect(directives(header)).toEqual([...directives(meta ?? ''), "frame-ancestors 'none'"])
    expect(everything(response)).not.toMatch(new RegExp(`${SERVER_TOKEN}|${SERVER_API_KEY}`))
  })

  it.each(['/movie/603', '/search?q=alien', '/favorites', '/no/such/page', '/index.html'])(
    'answers the app’s route %s with the page',
    async (url) => {
      const response = await (await app()).inject({ url })
      expect(response.statusCode).toBe(200)
      expect(response.body).toContain('<div id="root">')
    },
  )

  it.each(['/assets/app-missing.js', '/robots.txt', '/favicon.ico', '/assets/style.css'])(
    'answers the missing file %s with a real 404',
    async (url) => {
      const response = await (await app()).inject({ url })
      expect(response.statusCode).toBe(404)
      expect(response.headers['content-type']).toMatch(/^text\/plain/)
    },
  )

  it('announces the landing page’s first TMDB request in a preload Link header', async () => {
    const server = await app()
    const preloadOf = async (url: string) => (await server.inject({ url })).headers.link
    expect(await preloadOf('/')).toBe(`<${DISCOVER}>; rel=preload; as=fetch; crossorigin=anonymous`)
    const search = await preloadOf('/search?q=alien&year=1979')
    expect(search).toMatch(/^<\/api\/tmdb\/3\/search\/movie\?[^>]*query=alien[^>]*>; rel=preload/)
    expect(search).toContain('primary_release_year=1979')
    expect(await preloadOf('/movie/603')).toMatch(
      /^<\/api\/tmdb\/3\/movie\/603\?[^>]*append_to_response=credits[^>]+>; rel=preload; as=fetch/,
    )
    // Pages without TMDB data, and pages that are none, announce nothing.
    for (const url of ['/login', '/favorites', '/search', '/movie/abc', '/no/such/page']) {
      expect(await preloadOf(url), url).toBeUndefined()
    }
    // Each announced request is one the proxy answers.
    const announced = /^<([^>]+)>/.exec(String(await preloadOf('/?genre=18&sort=rating')))?.[1]
    expect((await server.inject({ url: announced ?? '' })).statusCode).toBe(200)
  })

  it('announces it only while the answer is not in the cache', async () => {
    const server = await app()
    const preloadOf = async (url: string) => (await server.inject({ url })).headers.link
    expect(await preloadOf('/?page=2')).toContain('page=2')
    // The page's own request fills the cache: a copy answers at once, so no hint competes
    // with the page's scripts any more.
    const announced = /^<([^>]+)>/.exec(String(await preloadOf('/?page=2')))?.[1]
    expect((await server.inject({ url: announced ?? '' })).headers['x-cache']).toBe('MISS')
    expect(await preloadOf('/?page=2')).toBeUndefined()
    // Other pages still have theirs.
    expect(await preloadOf('/?page=3')).toContain('page=3')
  })

  it('answers an unknown path of the accounts’ API with a JSON 404, not the page', async () => {
    const server = await app()
    for (const request of [
      { url: '/api/account' },
      { url: '/api/account/' },
      { url: '/api/account/sesion?next=%2F' },
      { url: '/api/account/me', method: 'POST' as const },
      { url: '/api/account/me/favorites', method: 'DELETE' as const },
    ]) {
      const response = await server.inject(request)
      expect(response.statusCode, request.url).toBe(404)
      expect(response.headers['content-type'], request.url).toMatch(/^application\/json/)
      expect(response.headers['cache-control'], request.url).toBe('no-store')
      expect(response.json(), request.url).toEqual({ error: 'Not found' })
    }
    expect((await server.inject({ url: '/api/account/me', method: 'HEAD' })).statusCode).toBe(404)
  })

  it('answers any other path under /api with a JSON 404, whatever the method, and never the page', async () => {
    const server = await app()
    for (const request of [
      { url: '/api' },
      { url: '/api/' },
      { url: '/api/foo' },
      { url: '/api/auth/get-session' },
      { url: '/api/foo.json?x=1' },
      { url: '/api/foo', method: 'POST' as const },
      { url: '/api/v2/lists/1', method: 'PUT' as const },
      { url: '/api/foo', method: 'DELETE' as const },
    ]) {
      const response = await server.inject(request)
      expect(response.statusCode, request.url).toBe(404)
      expect(response.headers['content-type'], request.url).toMatch(/^application\/json/)
      expect(response.headers['cache-control'], request.url).toBe('no-store')
      expect(response.json(), request.url).toEqual({ error: 'Not found' })
    }
    expect((await server.inject({ url: '/api/foo', method: 'HEAD' })).statusCode).toBe(404)
    // The proxy's own paths keep TMDB's shape; a path that only begins with "api" is the app's.
    expect((await server.inject({ url: '/api/tmdb/3/account' })).json()).toMatchObject({
      status_code: 34,
    })
    expect((await server.inject({ url: '/apiary' })).body).toContain('<div id="root">')
  })
})

describe('the login page', () => {
  it('comes with its form drawn, the same for every /login URL, shown to visitors nobody is signed in as', async () => {
    const server = await app()
    const page = await server.inject({ url: '/login' })
    expect(page.statusCode).toBe(200)
    const view = /<div data-page-view>([\s\S]*?)<\/div><\/main>/.exec(page.body)?.[1] ?? ''
    expect(view).toContain('<h1')
    expect(view).toMatch(/<form[^>]* method="post"/)
    expect(view).toMatch(/<input[^>]* name="email"/)
    expect(view).toMatch(/<button type="submit"[^>]* disabled=""/)
    expect(view).toMatch(
      /<input[^>]* name="password"[^>]* type="password"|type="password"[^>]* name="password"/,
    )
    // Where to go after login is the app's to read: nothing of the URL goes in.
    const elsewhere = await server.inject({ url: '/login?redirect=%2Ffavorites%3Cscript%3E' })
    expect(elsewhere.body).toBe(page.body)
    expect((await server.inject({ url: '/register' })).body).not.toContain('data-page-view')
  })

  it('answers the drawn form, sent before the app’s code ran, with the page again, never reading it', async () => {
    const server = await app()
    const sent = await server.inject({
      method: 'POST',
      url: '/login?redirect=%2Ffavorites',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=alice%40example.com&password=Alice-pass-1',
    })
    expect(sent.statusCode).toBe(303)
    expect(sent.headers.location).toBe('/login?redirect=%2Ffavorites')
    expect(sent.body).toBe('')
    // No other page takes a form.
    const other = await server.inject({ method: 'POST', url: '/favorites', payload: 'x=1' })
    expect(other.statusCode).toBe(404)
  })
})
