// @vitest-environment node
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  DISCOVER,
  demoMovie,
  everything,
  SERVER_API_KEY,
  SERVER_TOKEN,
  serverTestBed,
} from '../support'

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

  it.each([
    ['/movie/603', 200],
    ['/search?q=alien', 200],
    ['/favorites', 200],
    ['/no/such/page', 404],
    // The static shell, which the service worker keeps for the pages it opens offline.
    ['/index.html', 200],
  ])('answers the app’s route %s with the page', async (url, status) => {
    const response = await (await app()).inject({ url })
    expect(response.statusCode).toBe(status)
    expect(response.body).toContain('<div id="root">')
  })

  it('sends a URL the router spells otherwise to the one it shows', async () => {
    const server = await app()
    for (const [url, location] of [
      ['/?page=1', '/'],
      ['/movie/603/', '/movie/603'],
      ['/?genre=not-a-genre', '/'],
    ]) {
      const response = await server.inject({ url })
      expect(response.statusCode, url).toBe(307)
      expect(response.headers.location, url).toBe(location)
    }
  })

  it.each(['/assets/app-missing.js', '/robots.txt', '/favicon.ico', '/assets/style.css'])(
    'answers the missing file %s with a real 404',
    async (url) => {
      const response = await (await app()).inject({ url })
      expect(response.statusCode).toBe(404)
      expect(response.headers['content-type']).toMatch(/^text\/plain/)
    },
  )

  /** Each request, and HEAD on `headUrl`, is answered a JSON 404 that is never stored. */
  async function expectJsonNotFound(
    requests: { url: string; method?: 'POST' | 'PUT' | 'DELETE' }[],
    headUrl: string,
  ) {
    const server = await app()
    for (const request of requests) {
      const response = await server.inject(request)
      expect(response.statusCode, request.url).toBe(404)
      expect(response.headers['content-type'], request.url).toMatch(/^application\/json/)
      expect(response.headers['cache-control'], request.url).toBe('no-store')
      expect(response.json(), request.url).toEqual({ error: 'Not found' })
    }
    expect((await server.inject({ url: headUrl, method: 'HEAD' })).statusCode).toBe(404)
  }

  it('answers an unknown path of the accounts’ API with a JSON 404, not the page', async () => {
    await expectJsonNotFound(
      [
        { url: '/api/account' },
        { url: '/api/account/' },
        { url: '/api/account/sesion?next=%2F' },
        { url: '/api/account/me', method: 'POST' },
        { url: '/api/account/me/favorites', method: 'DELETE' },
      ],
      '/api/account/me',
    )
  })

  it('answers any other path under /api with a JSON 404, whatever the method, and never the page', async () => {
    await expectJsonNotFound(
      [
        { url: '/api' },
        { url: '/api/' },
        { url: '/api/foo' },
        { url: '/api/auth/get-session' },
        { url: '/api/foo.json?x=1' },
        { url: '/api/foo', method: 'POST' },
        { url: '/api/v2/lists/1', method: 'PUT' },
        { url: '/api/foo', method: 'DELETE' },
      ],
      '/api/foo',
    )
    const server = await app()
    // The proxy's own paths keep TMDB's shape; a path that only begins with "api" is the app's.
    expect((await server.inject({ url: '/api/tmdb/3/account' })).json()).toMatchObject({
      status_code: 34,
    })
    expect((await server.inject({ url: '/apiary' })).body).toContain('<div id="root">')
  })
})

describe('the page rendered on the server', () => {
  const nonceOf = (response: { headers: Record<string, unknown> }) =>
    /'nonce-([^']+)'/.exec(String(response.headers['content-security-policy']))?.[1]

  it('is the route tree with its TMDB data, the query cache dehydrated for the browser', async () => {
    const server = await app()
    const response = await server.inject({ url: '/' })
    expect(response.statusCode).toBe(200)
    expect(response.body).toMatch(/<div id="root"><a href="#main"/)
    // The proxy's answer, now in its cache: the page shows its films.
    const { results } = (await server.inject({ url: DISCOVER })).json<{
      results: { title: string }[]
    }>()
    expect(response.body).toContain(`>${results[0]?.title ?? 'no film'}<`)
    // The grid's answer travels with the page: the browser asks TMDB nothing for it.
    expect(response.body).toContain('$_TSR')
    expect(response.body).toContain('"tmdb","discover",1')
    expect(
      bed.tmdb.requests.filter((seen) => seen.url.pathname === '/3/discover/movie'),
    ).toHaveLength(1)
    // Its lead poster is preloaded from the head, alone: no other image, no script competes
    // with it while the page paints.
    expect(response.body.match(/<link rel="preload" as="image"/g)).toHaveLength(1)
    expect(response.body).not.toContain('rel="modulepreload"')
    // The entry comes last, after the markup and the router's data.
    expect(response.body).toMatch(/<\/div><script type="module"[^>]*><\/script>\s*<\/body>/)
    const head = response.body.slice(0, response.body.indexOf('</head>'))
    expect(head).toMatch(
      /<link rel="preload" as="image" href="https:\/\/image\.tmdb\.org\/t\/p\/w300\/[^"]+" fetchPriority="high"/,
    )
    expect(everything(response)).not.toMatch(new RegExp(`${SERVER_TOKEN}|${SERVER_API_KEY}`))
  })

  it('gives every script it writes the nonce of its own response, and each response another', async () => {
    const server = await app()
    const [one, two] = [await server.inject({ url: '/' }), await server.inject({ url: '/' })]
    const nonce = nonceOf(one)
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/)
    expect(nonceOf(two)).not.toBe(nonce)
    const inline = [
      ...one.body.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/json")([^>]*)>/g),
    ]
    expect(inline.length).toBeGreaterThan(0)
    for (const [, attributes] of inline) expect(attributes).toContain(`nonce="${nonce}"`)
    // The page's own policy says the same, so the two the browser enforces agree.
    const meta = /http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(one.body)?.[1] ?? ''
    expect(meta).toContain(`'nonce-${nonce}'`)
    expect(String(one.headers['content-security-policy'])).not.toContain('unsafe-inline')
  })

  it.each([
    [`/movie/${String(demoMovie.id)}`, 200, demoMovie.title],
    ['/search?q=star', 200, 'Search: star'],
    ['/login', 200, 'Login'],
    ['/register', 200, 'Register'],
    ['/no/such/page', 404, 'Page not found'],
  ])('renders %s with its status and title', async (url, status, title) => {
    const response = await (await app()).inject({ url })
    expect(response.statusCode).toBe(status)
    expect(response.body).toContain(`<title>${title} · CineList</title>`)
    expect(response.body.match(/<title>/g)).toHaveLength(1)
    expect(response.body).toContain('$_TSR')
  })

  it('sends the pages kept in the browser (favorites, lists, account), and /index.html, as the static shell', async () => {
    const server = await app()
    for (const url of ['/favorites', '/watchlist', '/seen', '/account', '/index.html']) {
      const response = await server.inject({ url })
      expect(response.statusCode, url).toBe(200)
      expect(response.body, url).toContain('data-home-shell')
      expect(response.body, url).not.toContain('$_TSR')
    }
  })

  it('renders at most RATE_LIMIT_MAX pages a window for one client, then sends the static shell', async () => {
    const server = await app({ RATE_LIMIT_MAX: '2' })
    const rendered = async (url: string) => (await server.inject({ url })).body.includes('$_TSR')
    expect(await rendered('/search?q=star')).toBe(true)
    expect(await rendered('/search?q=alien')).toBe(true)
    const asked = bed.tmdb.requests.length
    expect(await rendered('/search?q=matrix')).toBe(false)
    // The shell's own requests are the TMDB route's to count; the server asked for nothing.
    expect(bed.tmdb.requests.length).toBe(asked)
  })

  it('sends the static shell, within its wait, when TMDB is slow', async () => {
    const server = await app()
    bed.tmdb.behave(async (_request, _response, answer) => {
      await new Promise((resolve) => setTimeout(resolve, 3000))
      await answer()
    })
    const started = Date.now()
    const response = await server.inject({ url: '/?page=4' })
    const took = Date.now() - started
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain('data-home-shell')
    expect(response.body).not.toContain('$_TSR')
    expect(took).toBeLessThan(2500)
  })

  it('sends the static shell when TMDB fails, for the browser to show the failure and retry', async () => {
    const server = await app()
    bed.tmdb.behave((_request, response) => {
      response.writeHead(500).end()
    })
    const response = await server.inject({ url: `/movie/${String(demoMovie.id)}` })
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain('data-home-shell')
    expect(response.body).not.toContain('$_TSR')
  })

  it('sends the static shell, and says why in the log, when the app cannot be rendered', async () => {
    const lines: string[] = []
    const server = await app(
      {},
      { logger: { level: 'error', stream: { write: (line: string) => lines.push(line) } } },
      {
        indexHtml: () => readFile(join(bed.dist.dir, 'index.html'), 'utf8'),
        loadRenderer: () =>
          Promise.resolve({
            renderPage: () => Promise.reject(new Error('a component failed')),
          }),
      },
    )
    const response = await server.inject({ url: '/' })
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain('data-home-shell')
    const logged = lines.map(
      (line) => JSON.parse(line) as { msg: string; err?: { message: string } },
    )
    expect(logged.map(({ msg, err }) => [msg, err?.message])).toContainEqual([
      'could not render the page',
      'a component failed',
    ])
  })
})

describe('the login page', () => {
  it('comes with its form, its button disabled until the page hydrates, posting if ever sent without it', async () => {
    const server = await app()
    const page = await server.inject({ url: '/login?redirect=%2Ffavorites' })
    expect(page.statusCode).toBe(200)
    expect(page.body).toMatch(/<form[^>]* method="post"/)
    expect(page.body).toMatch(/<input[^>]* name="email"/)
    expect(page.body).toMatch(/<button type="submit"[^>]* disabled=""/)
  })

  it('takes no form: a POST to a page is a 404', async () => {
    const server = await app()
    for (const url of ['/login', '/favorites']) {
      const sent = await server.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'email=alice%40example.com&password=Alice-pass-1',
      })
      expect(sent.statusCode, url).toBe(404)
    }
  })
})
