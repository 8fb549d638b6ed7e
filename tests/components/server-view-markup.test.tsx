import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { tmdbConfig } from '@/config/env'
import { popularMoviesQueryOptions } from '@/features/movies/api/discover-movies'
import { homeFilters, parseHomeSearch } from '@/features/movies/home-search'
import { homeViewMarkup } from '@/features/movies/home-view-markup'
import { routerSearch } from '@/landing-pages'
import { renderRoute } from '../render-route'

/**
 * `root`'s elements and texts as a browser holds them, one line each: the tag with its attributes
 * (in name order), or the text. React's generated ids are numbered in order of appearance (each
 * render counts its own), and an option's `selected` is left out: the server writes it as an
 * attribute, the app sets it as a property.
 */
function outline(root: Element): string[] {
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

/** The app's home page at `path` for a visitor nobody is signed in as, once its grid shows. */
async function appHome(path: string) {
  const { queryClient, container } = await renderRoute(path)
  await screen.findAllByRole('article')
  const main = container.querySelector('main')
  if (!main) throw new Error('the app renders no main')
  const { search } = new URL(path, 'http://app.invalid')
  const home = parseHomeSearch(routerSearch(search))
  const answer = queryClient.getQueryData(
    popularMoviesQueryOptions(home.page ?? 1, homeFilters(home)).queryKey,
  )
  return { main, search: routerSearch(search), answer }
}

/** What the server draws for the same URL and answer, parsed as a browser would. */
function serverView(search: Record<string, unknown>, answer: unknown): Element {
  const markup = homeViewMarkup(search, answer, { imageUrl: tmdbConfig.imageUrl })
  if (markup === undefined) throw new Error('no view for this answer')
  return new DOMParser().parseFromString(`<main>${markup}</main>`, 'text/html').body
    .firstElementChild as Element
}

describe('the home view the server draws into the page', () => {
  for (const path of ['/', '/?genre=18&sort=rating&page=2']) {
    it(`is the app’s own first screen at ${path}, so replacing it changes nothing on screen`, async () => {
      const { main, search, answer } = await appHome(path)
      const view = serverView(search, answer)
      expect(view.querySelectorAll('article').length).toBe(main.querySelectorAll('article').length)
      expect(outline(view)).toEqual(outline(main))
      const choices = (root: Element) =>
        [...root.querySelectorAll('select')].map((select) => select.value)
      expect(choices(view)).toEqual(choices(main))
    })
  }

  it('draws nothing for an answer the app would not show', () => {
    expect(homeViewMarkup({}, { results: 'none' }, { imageUrl: tmdbConfig.imageUrl })).toBe(
      undefined,
    )
    expect(homeViewMarkup({}, null, { imageUrl: tmdbConfig.imageUrl })).toBe(undefined)
  })
})
