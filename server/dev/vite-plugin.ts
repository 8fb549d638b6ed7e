import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Plugin, ViteDevServer } from 'vite'
import { ACCOUNTS_META } from '../../src/shared/accounts-meta.ts'
import { SERVED_TMDB_META } from '../../src/shared/tmdb-config.ts'

type DevApi = Awaited<ReturnType<typeof import('./api').startDevApi>>

/** The paths the server answers; Vite answers every other (the page, modules, HMR). */
const SERVER_PATHS = /^\/(api\/|demo-images\/|healthz$|readyz$)/

/**
 * `npm run dev` as the product runs under `npm start`: the server's API (accounts, the TMDB
 * proxy or the demo catalog, health) inside Vite's dev server, loaded through Vite so that a
 * change in server/ restarts it, and the page told the same things in the same meta tags. The
 * production build does not use this: it is `apply: 'serve'` only.
 */
export function devServerApi(): Plugin {
  let api: Promise<DevApi> | undefined

  async function start(server: ViteDevServer): Promise<DevApi> {
    const { startDevApi } = (await server.ssrLoadModule(
      '/server/dev/api.ts',
    )) as typeof import('./api')
    return startDevApi(process.env)
  }

  async function restart(server: ViteDevServer) {
    const previous = api
    api = (async () => {
      // The embedded database admits one process, and one opening at a time: closed first.
      await (await previous?.catch(() => undefined))?.app.close()
      return start(server)
    })()
    api.catch((error: unknown) => {
      server.config.logger.error(`The server did not start: ${String(error)}`)
    })
    await api.catch(() => undefined)
  }

  return {
    name: 'dev-server-api',
    apply: 'serve',
    configureServer(server) {
      // Vitest runs a Vite server too: its tests bring their own.
      if (process.env.VITEST) return
      void restart(server)
      server.watcher.on('change', (file) => {
        if (file.startsWith(`${server.config.root}/server/`)) {
          server.config.logger.info('server/ changed: restarting the API', { timestamp: true })
          void restart(server)
        }
      })
      server.httpServer?.once('close', () => {
        void api?.then(({ app }) => app.close()).catch(() => undefined)
      })
      server.middlewares.use((request: IncomingMessage, response: ServerResponse, next) => {
        if (!api || !SERVER_PATHS.test(request.url ?? '')) {
          next()
          return
        }
        api.then(
          ({ app }) => {
            app.routing(request, response)
          },
          () => {
            response.statusCode = 503
            response.setHeader('content-type', 'application/json')
            response.end(JSON.stringify({ error: 'The server did not start: see the terminal' }))
          },
        )
      })
    },
    async transformIndexHtml() {
      if (!api) return []
      const { page } = await api
      return [
        {
          tag: 'meta',
          attrs: {
            name: SERVED_TMDB_META,
            content: page.apiBase,
            'data-image-url': page.imageUrl,
            ...(page.demo ? { 'data-demo': true } : {}),
          },
          injectTo: 'head-prepend',
        },
        {
          tag: 'meta',
          attrs: { name: ACCOUNTS_META, content: page.accounts },
          injectTo: 'head-prepend',
        },
      ]
    },
  }
}
