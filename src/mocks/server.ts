import { setupServer } from 'msw/node'
import catalog from '../shared/demo-catalog/catalog.gen.json'
import { createMovieDb } from '../shared/demo-catalog/db'
import { createAccountServer } from './accounts'
import { createTmdbHandlers, type MockTmdbUrls } from './handlers'

/** TMDB's real URLs: tests exercise the same addresses the app uses by default. */
export const mockTmdbUrls: MockTmdbUrls = {
  apiUrl: 'https://api.themoviedb.org',
  imageUrl: 'https://image.tmdb.org/t/p',
}

/** The demo catalog, exposed so tests can pick real ids and titles. */
export const db = createMovieDb(catalog)

/** The server's account API, in memory: the page's server mode is tested against it. */
export const accountServer = createAccountServer()

/** Mock TMDB and accounts for tests in node; call listen/resetHandlers/close from the test setup. */
export const server = setupServer(
  ...createTmdbHandlers(db, mockTmdbUrls),
  ...accountServer.handlers,
)
