// @vitest-environment node
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { JSDOM } from 'jsdom'
import { describe, expect, it } from 'vitest'
import { INLINE_ANSWER_ID } from '../../src/lib/tmdb/inline-answer'
import { STALE_WHILE_REVALIDATE_SECONDS } from '../../server/tmdb/proxy'
import { scriptSafeJson } from '../../server/landing-answer'
import { readRealData } from '../real-data'
import { DISCOVER, SERVER_TOKEN, STARTUP_ASSET, serverTestBed, startApp } from './support'

/** A discover page as TMDB sent it (../shared/real-data/PROVENANCE.md). */
const REAL_DISCOVER = 'tmdb/discover/ceg-discover-movies.json'
/** A movie's details with the parts the detail page appends, as TMDB sent them. */
const REAL_MOVIE = 'tmdb/movie/ceg-12313-details-with-append.json'
/** A search's first page as TMDB sent it: "Fight Club", 2 pages, some posters missing. */
const REAL_SEARCH = 'tmdb/search/ceg-search-movie-fight-club.json'
const IMAGE_URL = 'https://image.example/t/p'
const LIST_FRESH_MS = 5 * 60_000

const bed = serverTestBed()

/** The server in front of the fake TMDB, on a clock the test moves. */
async function app() {
  let time = 1_000_000
  const server = await startApp(
    bed.dist.dir,
    { TMDB_API_URL: bed.tmdb.apiUrl, TMDB_TOKEN: SERVER_TOKEN, TMDB_IMAGE_URL: IMAGE_URL },
    { now: () => time },
  )
  bed.apps.push(server)
  return {
    server,
    page: (url: string, headers: Record<string, string> = {}) => server.inject({ url, headers }),
    advance: (ms: number) => (time += ms),
  }
}

/** The page as a browser parses it, and the answer it carries, if any. */
function parsed(html: string) {
  const { document } = new JSDOM(html).window
  const block = document.getElementById(INLINE_ANSWER_ID)
  const posterPreloads = [...document.head.querySelectorAll('link[rel="preload"][as="image"]')]
  return { document, block, posterPreloads }
}

describe('the page with its first TMDB answer inside', () => {
  it('carries the answer the proxy holds, as the proxy serves it, and preloads its lead poster', async () => {
    const { page, server } = await app()
    // Not cached yet: announced in a Link header, not inside.
    const first = await page('/')
    expect(first.headers.link).toContain(DISCOVER)
    expect(parsed(first.body).block).toBeNull()

    const api = await server.inject({ url: DISCOVER })
    const response = await page('/')
    expect(response.headers.link).toBeUndefined()
    expect(response.headers['cache-control']).toBe('no-cache')
    expect(response.headers['content-security-policy']).toContain("script-src 'self';")
    const { block, posterPreloads } = parsed(response.body)
    expect(block?.getAttribute('type')).toBe('application/json')
    expect(block?.dataset.url).toBe(DISCOVER)
    expect(JSON.parse(block?.textContent ?? '')).toEqual(api.json())

    const lead = api.json<{ results: { poster_path: string }[] }>().results[0]?.poster_path
    expect(posterPreloads.map((link) => link.outerHTML)).toEqual([
      `<link rel="preload" as="image" fetchpriority="high" href="${IMAGE_URL}/w300${String(lead)}">`,
    ])
    // Answered from the cache: TMDB was asked once, by the page's own request.
    expect(bed.tmdb.requests).toHaveLength(1)
  })

  it('draws the home page’s films in place of the banner, for the browser to paint before any script', async () => {
    const { page, server } = await app()
    const plain = parsed((await page('/')).body).document
    // Without the answer: the static shell's banner, and the app's code preloaded.
    expect(plain.querySelector('section[data-home-shell] h1')?.textContent).toBe('CineList')
    expect(plain.querySelectorAll('article')).toHaveLength(0)
    expect(
      plain.querySelector(`link[rel="modulepreload"][href="/${STARTUP_ASSET}"]`),
    ).not.toBeNull()

    const answer = (await server.inject({ url: DISCOVER })).json<{
      results: { id: number; title: string; poster_path: string }[]
    }>()
    const { document } = parsed((await page('/')).body)
    const view = document.querySelector('#root main > div[data-page-view]')
    if (!view) throw new Error('the page has no home view')
    expect(document.querySelectorAll('section[data-home-shell]')).toHaveLength(0)
    expect(document.querySelectorAll('h1')).toHaveLength(1)
    expect(view.querySelector('h2')?.textContent).toBe('Popular Movies')
    const cards = [...view.querySelectorAll('article')]
    expect(cards.map((card) => card.querySelector('h3')?.textContent)).toEqual(
      answer.results.map((movie) => movie.title),
    )
    expect(cards.map((card) => card.querySelector('a')?.getAttribute('href'))).toEqual(
      answer.results.map((movie) => `/movie/${String(movie.id)}`),
    )
    // The lead poster, on the image host the page is given, is the one the head preloads.
    const lead = cards[0]?.querySelector('img')
    expect(lead?.getAttribute('src')).toBe(
      `${IMAGE_URL}/w300${String(answer.results[0]?.poster_path)}`,
    )
    expect(lead?.getAttribute('fetchpriority')).toBe('high')
    expect(document.head.querySelectorAll('link[rel="preload"][as="image"]')).toHaveLength(1)
    // The page paints without a script: the app's code comes when the entry asks for it.
    expect(document.querySelector('link[rel="modulepreload"]')).toBeNull()
    expect([...document.scripts].map((script) => script.type)).toEqual([
      'module',
      'application/json',
    ])
  })

  it('draws the films a filtered URL asks for, with its filters chosen', async () => {
    const { page, server } = await app()
    const url = '/?genre=18&sort=rating&page=2'
    const preload = (await page(url)).headers.link
    const request = /<([^>]+)>/.exec(String(preload))?.[1]
    if (!request) throw new Error(`no request announced for ${url}`)
    const answer = (await server.inject({ url: request })).json<{ results: { title: string }[] }>()
    const { document } = parsed((await page(url)).body)
    const view = document.querySelector('[data-page-view]')
    expect(view?.querySelector('h2')?.textContent).toBe('Drama · by rating')
    expect([...(view?.querySelectorAll('select') ?? [])].map((select) => select.value)).toEqual([
      '18',
      '',
      'rating',
    ])
    expect([...(view?.querySelectorAll('h3') ?? [])].map((title) => title.textContent)).toEqual(
      answer.results.map((movie) => movie.title),
    )
    expect(view?.querySelector('[aria-current="page"]')?.textContent).toBe('2')
  })

  it('draws a movie’s page in place of the banner, its poster the one the head preloads', async () => {
    const real = JSON.parse(new TextDecoder().decode(readRealData(REAL_MOVIE))) as {
      id: number
      title: string
      poster_path: string
      credits: { cast: { name: string }[] }
      recommendations: { results: { id: number }[] }
    }
    bed.tmdb.behave((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(real))
    })
    const { page, server } = await app()
    const url = `/movie/${String(real.id)}`
    const plain = await page(url)
    expect(parsed(plain.body).document.querySelector('[data-page-view]')).toBeNull()
    const request = /<([^>]+)>/.exec(String(plain.headers.link))?.[1]
    if (!request) throw new Error(`no request announced for ${url}`)
    await server.inject({ url: request })

    const { document, posterPreloads } = parsed((await page(url)).body)
    const view = document.querySelector('#root main > div[data-page-view]')
    if (!view) throw new Error('the page has no movie view')
    expect(document.querySelectorAll('section[data-home-shell]')).toHaveLength(0)
    expect([...document.querySelectorAll('h1')].map((heading) => heading.textContent)).toEqual([
      real.title,
    ])
    const poster = view.querySelector(`img[alt="${real.title}"]`)
    expect(poster?.getAttribute('src')).toBe(`${IMAGE_URL}/w300${real.poster_path}`)
    expect(poster?.getAttribute('fetchpriority')).toBe('high')
    expect(posterPreloads.map((link) => link.getAttribute('href'))).toEqual([
      `${IMAGE_URL}/w300${real.poster_path}`,
    ])
    // Its cast and the films like it, linked as the app links them.
    expect(view.textContent).toContain(real.credits.cast[0]?.name)
    const firstLike = real.recommendations.results[0]
    expect(view.querySelector(`a[href="/movie/${String(firstLike?.id)}"]`)).not.toBeNull()
    expect(document.querySelector('link[rel="modulepreload"]')).toBeNull()
  })

  it('draws a search’s page in place of the banner, the term in its box, from page 1 alone', async () => {
    const real = JSON.parse(new TextDecoder().decode(readRealData(REAL_SEARCH))) as {
      results: { title: string; poster_path: string | null }[]
    }
    bed.tmdb.behave((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(real))
    })
    const { page, server } = await app()
    const url = '/search?q=Fight%20Club'
    const request = /<([^>]+)>/.exec(String((await page(url)).headers.link))?.[1]
    if (!request) throw new Error(`no request announced for ${url}`)
    await server.inject({ url: request })

    const { document, posterPreloads } = parsed((await page(url)).body)
    const view = document.querySelector('#root main > div[data-page-view]')
    if (!view) throw new Error('the page has no search view')
    expect([...document.querySelectorAll('h1')].map((heading) => heading.textContent)).toEqual([
      'Search Movies',
    ])
    // Without the app, the box searches by loading the page for what is typed.
    const box = view.querySelector('form[role="search"] input[type="search"]')
    expect(box?.getAttribute('name')).toBe('q')
    expect(box?.getAttribute('value')).toBe('Fight Club')
    const results = view.querySelector('ul[aria-label="Results for “Fight Club”"]')
    expect(results?.getAttribute('aria-busy')).toBe('true')
    const titles = [...(results?.querySelectorAll('article a > span') ?? [])]
    expect(titles.map((title) => title.textContent)).toEqual(
      real.results.slice(0, 10).map((movie) => movie.title),
    )
    const lead = real.results[0]?.poster_path
    expect(results?.querySelector('img')?.getAttribute('src')).toBe(`${IMAGE_URL}/w200${lead}`)
    expect(results?.querySelector('img')?.getAttribute('fetchpriority')).toBe('high')
    expect(posterPreloads.map((link) => link.getAttribute('href'))).toEqual([
      `${IMAGE_URL}/w200${lead}`,
    ])
    // A search for nothing has no request, and so no view.
    expect(
      parsed((await page('/search')).body).document.querySelector('[data-page-view]'),
    ).toBeNull()
  })

  it('draws no films from an answer the app would not show: the banner stays', async () => {
    bed.tmdb.behave((_request, response) => {
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end('{"page":1,"results":"none"}')
    })
    const { page, server } = await app()
    await server.inject({ url: DISCOVER })
    const { document, block } = parsed((await page('/')).body)
    expect(block).not.toBeNull()
    expect(document.querySelector('section[data-home-shell] h1')?.textContent).toBe('CineList')
    expect(document.querySelectorAll('article')).toHaveLength(0)
  })

  it('sends the same page compressed, and the same to every visitor', async () => {
    const { page, server } = await app()
    await server.inject({ url: DISCOVER })
    const plain = (await page('/')).body
    expect(parsed(plain).block).not.toBeNull()
    const br = await page('/', { 'accept-encoding': 'br' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain)
    const gzip = await page('/', { 'accept-encoding': 'gzip' })
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain)
    // Nothing of the visitor's request goes in.
    const someone = await page('/', { cookie: 'session=abc', authorization: 'Bearer someone' })
    expect(someone.body).toBe(plain)
  })

  it('carries only the answer to the page’s own request, and none on pages without one', async () => {
    const { page, server } = await app()
    await server.inject({ url: DISCOVER })
    // Page 2 asks another URL, not cached: no answer inside, the request announced.
    const other = await page('/?page=2')
    expect(parsed(other.body).block).toBeNull()
    expect(other.headers.link).toContain('page=2')
    for (const url of ['/login', '/favorites', '/no/such/page']) {
      expect(parsed((await page(url)).body).block, url).toBeNull()
    }
  })

  it('keeps markup in TMDB’s data as text: nothing breaks out of the data block', async () => {
    const real = JSON.parse(new TextDecoder().decode(readRealData(REAL_DISCOVER))) as {
      results: { title: string; overview: string }[]
    }
    const [lead] = real.results
    if (!lead) throw new Error('the recording has no results')
    lead.title = '</script><script src="/evil.js"></script><!-- <script>'
    lead.overview = 'Tom & Jerry <b>bold</b>\u2028next line\u2029 --> ]]>'
    bed.tmdb.behave((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(real))
    })
    const { page, server } = await app()
    await server.inject({ url: DISCOVER })
    const response = await page('/')

    const { document, block } = parsed(response.body)
    expect(JSON.parse(block?.textContent ?? '')).toEqual(real)
    // The page's own scripts only: its entry, and the answer's data block.
    expect([...document.scripts].map((script) => script.type || script.src)).toEqual([
      'module',
      'application/json',
    ])
    expect(response.body).not.toContain('/evil.js"')
    expect(block?.textContent).not.toMatch(/[<>&\u2028\u2029]/)
    // The home view shows them as the app does, as text.
    const card = document.querySelector('[data-page-view] article')
    expect(card?.querySelector('h3')?.textContent).toBe(lead.title)
    expect(card?.querySelector('img')?.getAttribute('alt')).toBe(lead.title)
    expect(document.querySelectorAll('b')).toHaveLength(0)
  })

  it('falls back to the request once the copy is past the time it is served at once', async () => {
    const { page, server, advance } = await app()
    await server.inject({ url: DISCOVER })
    // Past its freshness, but within stale-while-revalidate: still inside, and refreshed.
    advance(LIST_FRESH_MS + 1000)
    expect(parsed((await page('/')).body).block).not.toBeNull()
    await expect.poll(() => bed.tmdb.requests.length).toBe(2)
    // The refreshed copy, past the window: the page asks for it again, announced.
    advance(LIST_FRESH_MS + STALE_WHILE_REVALIDATE_SECONDS * 1000 + 1000)
    const stale = await page('/')
    expect(parsed(stale.body).block).toBeNull()
    expect(stale.headers.link).toContain(DISCOVER)
  })
})

describe('scriptSafeJson', () => {
  it('escapes what could end the element, and parses to the same value', () => {
    const value = { title: '</script><!--x-->&amp;\u2028\u2029\\<', n: [1, 'a\\u003c'] }
    const safe = scriptSafeJson(JSON.stringify(value))
    expect(safe).not.toMatch(/[<>&\u2028\u2029]/)
    expect(safe).toContain('\\u003c/script\\u003e')
    expect(JSON.parse(safe)).toEqual(value)
  })
})
