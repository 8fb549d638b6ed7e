import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { tmdbConfig } from '@/config/env'
import { popularMoviesQueryOptions } from '@/features/movies/api/discover-movies'
import { homeFilters, parseHomeSearch } from '@/features/movies/home-search'
import { movieDetailQueryOptions } from '@/features/movies/api/get-movie'
import { homeViewMarkup } from '@/features/movies/home-view-markup'
import { loginViewMarkup } from '@/features/auth/login-view-markup'
import { movieViewMarkup } from '@/features/movies/movie-view-markup'
import { searchViewMarkup } from '@/features/search/search-view-markup'
import { routerSearch } from '@/landing-pages'
import { db, server } from '@/mocks/server'
import { tmdbScenario } from '@/mocks/scenarios'
import { readRealData } from '../real-data'
import { renderRoute } from '../render-route'

/**
 * `root`'s elements and texts as a browser holds them, one line each: the tag with its attributes
 * (in name order), or the text. React's generated ids are numbered in order of appearance (each
 * render counts its own), an option's `selected` is left out: the server writes it as an
 * attribute, the app sets it as a property; and neighbouring texts are one, as the server's HTML
 * writes them and the screen shows them.
 */
function outline(element: Element): string[] {
  const root = element.cloneNode(true) as Element
  root.normalize()
  const ids = new Map<string, string>()
  const renumbered = (value: string) =>
    value.replace(/_R_\w+_|_r_\w+_|«\w+»/g, (id) => {
      if (!ids.has(id)) ids.set(id, `id-${String(ids.size)}`)
      return ids.get(id) ?? id
    })
  const lines: string[] = []
  const walker = root.ownerDocument.createTreeWalker(
    root,
    NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT,
  )
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!(node instanceof Element)) {
      lines.push(`"${node.textContent ?? ''}"`)
      continue
    }
    const attributes = [...node.attributes]
      .filter((attribute) => attribute.name !== 'selected')
      .map((attribute) => `${attribute.name}="${renumbered(attribute.value)}"`)
      .sort()
    lines.push(`<${node.tagName.toLowerCase()} ${attributes.join(' ')}>`)
  }
  return lines
}

/** `main` of the app at `path` for a visitor nobody is signed in as, once `shown` resolves. */
async function appMain(path: string, shown: () => Promise<unknown>) {
  const rendered = await renderRoute(path)
  await shown()
  const main = rendered.container.querySelector('main')
  if (!main) throw new Error('the app renders no main')
  return { main, queryClient: rendered.queryClient }
}

/** The server's markup, parsed as a browser would, inside a main of its own. */
function parsedView(markup: string | undefined): Element {
  if (markup === undefined) throw new Error('no view for this answer')
  return new DOMParser().parseFromString(`<main>${markup}</main>`, 'text/html').body
    .firstElementChild as Element
}

const imageUrl = tmdbConfig.imageUrl

describe('the home view the server draws into the page', () => {
  for (const path of ['/', '/?genre=18&sort=rating&page=2']) {
    it(`is the app’s own first screen at ${path}, so replacing it changes nothing on screen`, async () => {
      const { main, queryClient } = await appMain(path, () => screen.findAllByRole('article'))
      const search = routerSearch(new URL(path, 'http://app.invalid').search)
      const home = parseHomeSearch(search)
      const answer = queryClient.getQueryData(
        popularMoviesQueryOptions(home.page ?? 1, homeFilters(home)).queryKey,
      )
      const view = parsedView(homeViewMarkup(search, answer, { imageUrl }))
      expect(view.querySelectorAll('article').length).toBe(main.querySelectorAll('article').length)
      expect(outline(view)).toEqual(outline(main))
      const choices = (root: Element) =>
        [...root.querySelectorAll('select')].map((select) => select.value)
      expect(choices(view)).toEqual(choices(main))
    })
  }

  it('draws nothing for an answer the app would not show', () => {
    expect(homeViewMarkup({}, { results: 'none' }, { imageUrl })).toBe(undefined)
    expect(homeViewMarkup({}, null, { imageUrl })).toBe(undefined)
  })
})

describe('the movie view the server draws into the page', () => {
  /** Movies' details with the parts the page appends, as TMDB sent them; one has no poster. */
  const real = (file: string) =>
    JSON.parse(new TextDecoder().decode(readRealData(`tmdb/movie/${file}`))) as {
      id: number
      title: string
    }
  const demo = db.discover(1).results[0]
  if (!demo) throw new Error('the demo catalog has no films')

  for (const [name, movie, answered] of [
    ['a real TMDB answer', real('ceg-12313-details-with-append.json'), true],
    [
      'a real TMDB answer without a poster',
      real('adamayoung-550-details-append-response.json'),
      true,
    ],
    ['a demo catalog film', demo, false],
  ] as const) {
    it(`is the app’s own page for ${name}, so replacing it changes nothing on screen`, async () => {
      if (answered) server.use(tmdbScenario.respond('movie', movie))
      const { main, queryClient } = await appMain(`/movie/${String(movie.id)}`, () =>
        screen.findByRole('heading', { level: 1, name: movie.title }),
      )
      const answer = queryClient.getQueryData(movieDetailQueryOptions(movie.id).queryKey)
      const view = parsedView(movieViewMarkup(answer, { imageUrl }))
      expect(outline(view)).toEqual(outline(main))
    })
  }

  it('draws nothing for an answer the app would not show', () => {
    expect(movieViewMarkup({ id: 'x', title: 7 }, { imageUrl })).toBe(undefined)
    expect(movieViewMarkup(undefined, { imageUrl })).toBe(undefined)
  })
})

describe('the search view the server draws into the page', () => {
  /** Searches' first pages as TMDB sent them (see PROVENANCE.md for each one's query). */
  const real = (file: string) =>
    JSON.parse(new TextDecoder().decode(readRealData(`tmdb/search/${file}`))) as {
      total_pages: number
    }

  for (const [name, term, recorded] of [
    [
      'a real TMDB search with a second page',
      'Fight Club',
      real('ceg-search-movie-fight-club.json'),
    ],
    [
      'a real TMDB search of one page, in Chinese, two posters missing',
      'revenge',
      real('khomdrake-movie-search.json'),
    ],
    [
      'a real TMDB search of 69 pages with 9 results on its first',
      'Test',
      real('thermondo-search-test.json'),
    ],
    ['a demo catalog search', 'star', undefined],
  ] as const) {
    it(`is the app’s own page for ${name}, so replacing it changes nothing on screen`, async () => {
      // Every page answered alike: duplicates are dropped, so the results are page 1's.
      if (recorded) server.use(tmdbScenario.respond('search', recorded))
      const firstPage = recorded ?? db.search(term, 1)
      const path = `/search?q=${encodeURIComponent(term)}`
      const { main } = await appMain(path, async () => {
        const results = await screen.findByRole('list', { name: `Results for “${term}”` })
        await waitFor(() => {
          expect(results).toHaveAttribute('aria-busy', 'false')
        })
      })
      const search = routerSearch(new URL(path, 'http://app.invalid').search)
      const view = parsedView(searchViewMarkup(search, firstPage, { imageUrl }))
      // The server has page 1 alone: with more to come, its results are the app's while the
      // other pages load, marked busy; that mark is all that differs from the finished page.
      const drawnList = view.querySelector('ul')
      expect(drawnList?.getAttribute('aria-busy')).toBe(String(firstPage.total_pages > 1))
      drawnList?.setAttribute('aria-busy', 'false')
      expect(outline(view)).toEqual(outline(main))
      expect(view.querySelector('input[type="search"]')?.getAttribute('value')).toBe(term)
    })
  }

  it('draws nothing for an answer the app would not show, or a search for nothing', () => {
    const firstPage = db.search('star', 1)
    expect(searchViewMarkup({ q: 'star' }, { results: 'none' }, { imageUrl })).toBe(undefined)
    expect(searchViewMarkup({}, firstPage, { imageUrl })).toBe(undefined)
    expect(searchViewMarkup({ q: '   ' }, firstPage, { imageUrl })).toBe(undefined)
  })
})

describe('the login view the server draws into the page', () => {
  for (const path of ['/login', '/login?redirect=%2Ffavorites']) {
    it(`is the app’s own page at ${path}, so replacing it changes nothing on screen`, async () => {
      const { main } = await appMain(path, () =>
        screen.findByRole('heading', { level: 1, name: 'Login' }),
      )
      const view = parsedView(loginViewMarkup({ imageUrl }))
      // Only the app sends the form: until it has replaced the view, its button is disabled.
      const button = view.querySelector('button[type="submit"]')
      expect(button?.hasAttribute('disabled')).toBe(true)
      button?.removeAttribute('disabled')
      expect(outline(view)).toEqual(outline(main))
    })
  }
})
