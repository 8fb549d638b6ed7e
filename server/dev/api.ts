import { API_BASE, DEMO_IMAGE_BASE } from '@/shared/urls'
import { buildApi } from '../app'
import { readServerConfig } from '../config'

/**
 * The server behind `npm run dev`: the production server's API (buildApi: accounts on the
 * embedded database in DATA_DIR, or PostgreSQL at DATABASE_URL; the demo catalog, or TMDB when
 * TMDB_TOKEN or TMDB_API_KEY is set), read from the same settings as `npm start`. Vite serves
 * the page in front of it.
 */
export async function startDevApi(env: Record<string, string | undefined>) {
  // Served over plain HTTP on this machine: no HSTS, which would outlive the session.
  const config = readServerConfig({ LOG_LEVEL: 'warn', HSTS: 'off', ...env })
  const { app } = await buildApi(config)
  await app.ready()
  return {
    app,
    /** What the page is told in its meta tags, as the production server's page says it. */
    page: {
      apiBase: API_BASE,
      imageUrl: config.demo ? DEMO_IMAGE_BASE : config.tmdb.imageUrl,
      demo: config.demo,
      accounts: config.accounts,
    },
  }
}
