import { setupServer } from 'msw/node'
import catalog from '../shared/demo-catalog/catalog.gen.json'
import { createMovieDb } from '../shared/demo-catalog/db'
import { createAccountServer } from './accounts'
import { createTmdbHandlers, type MockTmdbUrls } from './handlers'

export const mockTmdbUrls: MockTmdbUrls = {
  apiUrl: 'https://api.themoviedb.org',
  imageUrl: 'https://image.tmdb.org/t/p',
}

export const db = createMovieDb(catalog)

export const accountServer = createAccountServer()

export const server = setupServer(
  ...createTmdbHandlers(db, mockTmdbUrls),
  ...accountServer.handlers,
)
