import type { FastifyBaseLogger } from 'fastify'
import { LRUCache } from 'lru-cache'
import { homeViewMarkup } from '@/features/movies/home-view-markup'
import { movieViewMarkup } from '@/features/movies/movie-view-markup'
import { searchViewMarkup } from '@/features/search/search-view-markup'
import { leadPosterPath } from '@/landing-pages'
import { posterUrl } from '@/lib/tmdb/images'
import { INLINE_ANSWER_ID } from '@/lib/tmdb/inline-answer'
import { escapeAttribute, type ServedIndexHtml, type ServedPage } from './index-html'
import type { LandingPreload } from './landing-preload'

/**
 * What could end a JSON data block (`</script>`), open a comment in it (`<!--`) or read as
 * markup, and the line separators some script parsers end a line at.
 */
const UNSAFE_IN_ELEMENT = /[<>&\u2028\u2029]/g

/**
 * JSON text as a `<script type="application/json">` element may hold it: those characters
 * written as `\u003c` and the like. In JSON they can only be inside strings, where the escape
 * is the same character: the text parses to the same value.
 */
export function scriptSafeJson(json: string): string {
  return json.replace(
    UNSAFE_IN_ELEMENT,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
}

/**
 * The page with its first TMDB answer inside, for a page whose answer the proxy holds: a JSON
 * data block keyed by the request's URL (the entry takes it instead of sending the request,
 * src/lib/tmdb/inline-answer.ts), and the lead poster preloaded from the head, so that the
 * browser fetches the largest paint while it reads the page; on the home page, a movie's and a
 * search's, the page's view drawn from it as well. The block is TMDB's answer as the proxy
 * serves it, and the page the same for everyone: nothing of the visitor's request goes in.
 */
export function landingAnswerPages(
  index: ServedIndexHtml,
  imageUrl: string,
  log: Pick<FastifyBaseLogger, 'error'>,
): (preload: LandingPreload, answer: Buffer) => ServedPage {
  /**
   * The page's view drawn from `body` (the home page's films, a movie's details, a search's
   * first page), whose lead poster, the page's largest paint, then needs no script; nothing on
   * other pages, or when drawing fails.
   */
  const pageViewOf = (preload: LandingPreload, body: unknown) => {
    try {
      switch (preload.routeId) {
        case '/':
          return homeViewMarkup(preload.search, body, { imageUrl })
        case '/movie/$movieId':
          return movieViewMarkup(body, { imageUrl })
        case '/search':
          return searchViewMarkup(preload.search, body, { imageUrl })
        default:
          return undefined
      }
    } catch (error) {
      // The page without the view is the page as it always was: the app draws it.
      log.error({ err: error, route: preload.routeId }, 'could not draw the page’s view')
      return undefined
    }
  }
  // One page per request, compressed once and made again when the proxy refreshes the answer.
  // Bounded, as the proxy's cache is.
  const pages = new LRUCache<string, { answer: Buffer; page: ServedPage }>({
    max: 1000,
    maxSize: 32 * 1024 * 1024,
    sizeCalculation: ({ page }) => page.html.length + page.br.length + page.gzip.length,
  })
  return (preload, answer) => {
    const made = pages.get(preload.url)
    if (made?.answer === answer) return made.page
    const json = answer.toString()
    const body: unknown = JSON.parse(json)
    const { of, size } = preload.leadPoster
    const poster = leadPosterPath(body, of)
    const page = index.with({
      pageView: pageViewOf(preload, body),
      head: poster
        ? `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(posterUrl(poster, size, imageUrl))}">`
        : '',
      body: `<script type="application/json" id="${INLINE_ANSWER_ID}" data-url="${escapeAttribute(preload.url)}">${scriptSafeJson(json)}</script>`,
    })
    pages.set(preload.url, { answer, page })
    return page
  }
}
