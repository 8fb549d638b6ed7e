import { buildServer } from './app'
import { checkDistDir, ConfigError, readServerConfig } from './config'

/** In-flight requests get this long to finish after SIGTERM/SIGINT (an upstream call takes at most 8 s). */
const SHUTDOWN_GRACE_MS = 9000

async function main() {
  const config = readServerConfig(process.env)
  checkDistDir(config.distDir)
  const { app, state } = await buildServer(config)

  let stopping = false
  const shutdown = (signal: string) => {
    if (stopping) return
    stopping = true
    state.accepting = false
    app.log.info({ signal }, 'shutting down')
    const force = setTimeout(() => {
      app.log.warn('in-flight requests did not finish in time; closing their connections')
      app.server.closeAllConnections()
    }, SHUTDOWN_GRACE_MS)
    force.unref()
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed')
        process.exit(1)
      },
    )
  }
  process.once('SIGTERM', shutdown)
  process.once('SIGINT', shutdown)

  await app.listen({ port: config.port, host: config.host })
  app.log.info(
    { mode: config.demo ? 'demo catalog' : `TMDB at ${config.tmdb.apiUrl}` },
    'serving the app',
  )
}

main().catch((error: unknown) => {
  // A configuration mistake is one line, not a stack.
  if (error instanceof ConfigError) console.error(`Configuration error: ${error.message}`)
  else if (error instanceof Error && 'code' in error && error.code === 'EADDRINUSE') {
    console.error(`Cannot listen: ${error.message}`)
  } else console.error(error)
  process.exit(1)
})
