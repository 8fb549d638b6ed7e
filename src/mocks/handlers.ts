import { http, type HttpHandler } from 'msw'
import type { TmdbConfig } from '../config/env'
import type { MovieDb } from '../shared/demo-catalog/db'
import { demoTmdbResponses } from '../shared/demo-catalog/tmdb-responses'

export { TMDB_ERRORS, type TmdbError } from '../shared/demo-catalog/tmdb-responses'

export type MockTmdbUrls = Pick<TmdbConfig, 'apiUrl' | 'imageUrl'>

const searchParams = (request: Request) => new URL(request.url).searchParams

export function createTmdbHandlers(db: MovieDb, { apiUrl, imageUrl }: MockTmdbUrls): HttpHandler[] {
  const responses = demoTmdbResponses(db)
  return [
    http.get(`${apiUrl}/3/discover/movie`, ({ request }) =>
      responses.discover(searchParams(request)),
    ),
    http.get(`${apiUrl}/3/search/movie`, ({ request }) => responses.search(searchParams(request))),
    http.get<{ id: string }>(`${apiUrl}/3/movie/:id/watch/providers`, ({ params }) =>
      responses.movieWatchProviders(params.id),
    ),
    http.get(`${apiUrl}/3/watch/providers/movie`, () => responses.watchServices()),
    http.get(`${apiUrl}/3/watch/providers/regions`, () => responses.watchRegions()),
    http.get<{ id: string }>(`${apiUrl}/3/movie/:id`, ({ params, request }) =>
      responses.movie(params.id, searchParams(request)),
    ),
    http.get(`${apiUrl}/3/search/person`, ({ request }) =>
      responses.searchPeople(searchParams(request)),
    ),
    http.get<{ id: string }>(`${apiUrl}/3/person/:id`, ({ params, request }) =>
      responses.person(params.id, searchParams(request)),
    ),
    http.get<{ size: string; file: string }>(`${imageUrl}/:size/:file`, ({ params }) =>
      responses.poster(params.size, params.file),
    ),
  ]
}
