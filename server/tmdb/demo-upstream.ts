// The browser's demo mode's responses, in-process: the page needs neither mock worker nor catalog.
import catalog from '@/shared/demo-catalog/catalog.gen.json'
import { createMovieDb } from '@/shared/demo-catalog/db'
import { demoTmdbResponses, TMDB_ERRORS } from '@/shared/demo-catalog/tmdb-responses'
import type { Upstream } from './upstream'

export interface DemoUpstream {
  api: Upstream
  /** A poster by its path after the image base ("/w300/123.svg"). */
  image: (path: string) => Promise<Response | undefined>
}

const API_URL = 'https://api.themoviedb.org'
const IMAGE_URL = 'https://image.tmdb.org/t/p'

const DISCOVER_PATH = /^\/3\/discover\/movie\/?$/
const SEARCH_PATH = /^\/3\/search\/movie\/?$/
const MOVIE_PATH = /^\/3\/movie\/([^/]+)\/?$/
const SEARCH_PERSON_PATH = /^\/3\/search\/person\/?$/
const PERSON_PATH = /^\/3\/person\/([^/]+)\/?$/
const MOVIE_PROVIDERS_PATH = /^\/3\/movie\/([^/]+)\/watch\/providers\/?$/
const WATCH_SERVICES_PATH = /^\/3\/watch\/providers\/movie\/?$/
const WATCH_REGIONS_PATH = /^\/3\/watch\/providers\/regions\/?$/
const POSTER_PATH = /^\/t\/p\/([^/]+)\/([^/]+)\/?$/

function decoded(segment: string | undefined): string | undefined {
  if (segment === undefined) return undefined
  try {
    return decodeURIComponent(segment)
  } catch {
    return undefined
  }
}

export function createDemoUpstream(): DemoUpstream {
  const responses = demoTmdbResponses(createMovieDb(catalog))
  const apiResponse = (pathAndQuery: string): Response | undefined => {
    const { pathname, searchParams } = new URL(`${API_URL}${pathAndQuery}`)
    if (DISCOVER_PATH.test(pathname)) return responses.discover(searchParams)
    if (SEARCH_PATH.test(pathname)) return responses.search(searchParams)
    if (SEARCH_PERSON_PATH.test(pathname)) return responses.searchPeople(searchParams)
    if (WATCH_SERVICES_PATH.test(pathname)) return responses.watchServices()
    if (WATCH_REGIONS_PATH.test(pathname)) return responses.watchRegions()
    const providersOf = decoded(MOVIE_PROVIDERS_PATH.exec(pathname)?.[1])
    if (providersOf !== undefined) return responses.movieWatchProviders(providersOf)
    const personId = decoded(PERSON_PATH.exec(pathname)?.[1])
    if (personId !== undefined) return responses.person(personId, searchParams)
    const id = decoded(MOVIE_PATH.exec(pathname)?.[1])
    return id === undefined ? undefined : responses.movie(id, searchParams)
  }
  const imageResponse = (path: string): Response | undefined => {
    const [, size, file] = POSTER_PATH.exec(new URL(`${IMAGE_URL}${path}`).pathname) ?? []
    const [decodedSize, decodedFile] = [decoded(size), decoded(file)]
    if (decodedSize === undefined || decodedFile === undefined) return undefined
    return responses.poster(decodedSize, decodedFile)
  }
  return {
    api: (pathAndQuery) =>
      Promise.resolve(
        apiResponse(pathAndQuery) ??
          Response.json(TMDB_ERRORS.notFound.body, { status: TMDB_ERRORS.notFound.status }),
      ),
    image: (path) => Promise.resolve(imageResponse(path)),
  }
}
