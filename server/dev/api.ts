import { buildServer, type PageSource } from '../app'
import { readServerConfig } from '../config'

/** The production server behind `npm run dev`, from `npm start`'s settings, with Vite's page. */
export async function startDevApi(env: Record<string, string | undefined>, page: PageSource) {
  // Served over plain HTTP on this machine: no HSTS, which would outlive the session.
  const config = readServerConfig({ LOG_LEVEL: 'warn', HSTS: 'off', ...env })
  const { app } = await buildServer(config, { page })
  await app.ready()
  return { app }
}
