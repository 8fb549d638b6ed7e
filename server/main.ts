import { buildServer } from './app'
import { checkDistDir, ConfigError, readServerConfig } from './config'
import { stopGracefully } from './lifecycle/shutdown'

async function main() {
  const config = readServerConfig(process.env)
  checkDistDir(config.distDir)
  const { app, state } = await buildServer(config)
  const stop = stopGracefully(app, state, { delayMs: config.shutdownDelayMs })
  process.once('SIGTERM', () => void stop('SIGTERM'))
  process.once('SIGINT', () => void stop('SIGINT'))
  await app.listen({ port: config.port, host: config.host })
  app.log.info(
    {
      mode: config.demo ? 'demo catalog' : `TMDB at ${config.tmdb.apiUrl}`,
      accounts: config.accounts === 'local' ? 'in the browser' : 'on the server',
    },
    'serving the app',
  )
  if (config.trustProxy === true) {
    app.log.warn(
      "TRUST_PROXY=true believes the left-most X-Forwarded-For entry, which any client can write: safe only if the proxy overwrites it. Set the proxies' addresses or their number instead.",
    )
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(`Configuration error: ${error.message}`)
  else if (error instanceof Error && 'code' in error && error.code === 'EADDRINUSE') {
    console.error(`Cannot listen: ${error.message}`)
  } else console.error(error)
  process.exit(1)
})
