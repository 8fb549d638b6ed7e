import { buildServer, type PageSource } from '../app'
import { readServerConfig } from '../config'

/**
 * The server behind `npm run dev`: the production server (buildServer: accounts on the
 * embedded database in DATA_DIR, or PostgreSQL at DATABASE_URL; the demo catalog, or TMDB when
 * TMDB_TOKEN or TMDB_API_KEY is set; the page rendered for each URL), read from the same
 * settings as `npm start`, with its page and files from Vite.
 */
export async function startDevApi(env: Record<string, string | undefined>, page: PageSource) {
  // Served over plain HTTP on this machine: no HSTS, which would outlive the session.
  const config = readServerConfig({ LOG_LEVEL: 'warn', HSTS: 'off', ...env })
  const { app } = await buildServer(config, { page })
  await app.ready()
  return { app }
}
