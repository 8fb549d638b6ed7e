import { readFile } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Plugin, ViteDevServer } from 'vite'
import type { PageSource } from '../app'

type DevApi = Awaited<ReturnType<typeof import('./api').startDevApi>>

// Vite serves these itself: its client and modules, and the files (a path with an extension).
const VITE_PATHS = /^\/(@|__|src\/|node_modules\/)|^[^?]*\/[^/?]+\.[^/?]+(\?|$)/

/** The production server inside Vite's dev server, restarted when a file in server/ changes. */
export function devServerApi(): Plugin {
  let api: Promise<DevApi> | undefined

  async function start(server: ViteDevServer): Promise<DevApi> {
    const { startDevApi } = (await server.ssrLoadModule(
      '/server/dev/api.ts',
    )) as typeof import('./api')
    const indexFile = `${server.config.root}/index.html`
    const page: PageSource = {
      dev: true,
      indexHtml: async (url) => server.transformIndexHtml(url, await readFile(indexFile, 'utf8')),
      loadRenderer: () =>
        server.ssrLoadModule('/src/ssr/entry-server.tsx') as Promise<
          typeof import('../../src/ssr/entry-server')
        >,
    }
    return startDevApi(process.env, page)
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
        const url = request.url ?? '/'
        const isPage = url === '/index.html' || !VITE_PATHS.test(url)
        if (!api || (!isPage && !url.startsWith('/api/') && !url.startsWith('/demo-images/'))) {
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
  }
}
