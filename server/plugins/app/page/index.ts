import { randomBytes } from 'node:crypto'
import type { FastifyReply } from 'fastify'
import fp from 'fastify-plugin'
import { LRUCache } from 'lru-cache'
import { API_BASE } from '@/shared/urls'
import type { RenderPage } from '@/ssr/entry-server'
import { pageTemplate, type PageTemplate, type ServedPage } from './index-html'
import { loggableError } from '../../../logging/loggable-error'
import { sendNegotiated } from '../../../compression/send-negotiated'
import { pageTmdb } from '../../../tmdb/page-fetch'

/** The built page's own path: the static shell, never a route's page. */
const APP_SHELL_PATH = '/index.html'

/** Sends the page for a request's URL, rendered by the server when its data is at hand. */
export type SendPage = (
  request: { url: string; ip: string; headers: { 'accept-encoding'?: string | undefined } },
  reply: FastifyReply,
) => Promise<FastifyReply>

declare module 'fastify' {
  interface FastifyInstance {
    sendPage: SendPage
  }
}

export interface PageServiceOptions {
  /** index.html as built, or as `npm run dev` serves it (Vite's, for this URL). */
  indexHtml: (url: string) => Promise<string>
  /** The server-rendering entry (src/ssr/entry-server.tsx), as built or through Vite. */
  loadRenderer: () => Promise<{ renderPage: RenderPage }>
  /** The page is marked as the demo's (no credential). */
  demo: boolean
  /** Where the page's accounts live: told to it in a meta tag. */
  accounts: 'server' | 'local'
  /** Vite's page: it has no policy, and is read again for each request. */
  dev?: boolean
  /**
   * Pages one client IP may have rendered per window, as for its requests to /api/tmdb: each
   * render may ask TMDB. Past it, the static shell, whose requests that route's limit counts.
   */
  rateLimit: { max: number; windowMs: number }
}

/**
 * The page at every path of the app: the route tree rendered for the URL, with its TMDB data
 * from the proxy, hydrated by the browser; the static shell when that data is not at hand in
 * time. The app's routes and the not-found handler (routes/page.ts) send it.
 */
export default fp<PageServiceOptions>(
  async (app, { indexHtml, loadRenderer, demo, accounts, dev = false, rateLimit }) => {
    const { proxy, allowedRequestOf, imageUrl } = app.tmdb
    const templateOf = (html: string) =>
      pageTemplate(html, { apiBase: API_BASE, imageUrl, demo, accounts, dev })
    const built: PageTemplate | undefined = dev ? undefined : templateOf(await indexHtml('/'))
    // Under `npm run dev` the entry is loaded for each page, so that an edit shows.
    const builtEntry = dev ? undefined : await loadRenderer()
    // Bounded, as the proxy's cache is: made-up addresses only push out others.
    const rendersByClient = new LRUCache<string, { count: number }>({
      max: 10_000,
      ttl: rateLimit.windowMs,
    })
    const mayRender = (ip: string) => {
      const renders = rendersByClient.get(ip) ?? { count: 0 }
      if (renders.count === 0) rendersByClient.set(ip, renders)
      renders.count += 1
      return renders.count <= rateLimit.max
    }

    const send = (
      request: Parameters<SendPage>[0],
      reply: FastifyReply,
      page: ServedPage,
      status = 200,
    ) => {
      return sendNegotiated(
        reply
          .code(status)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .header('content-security-policy', page.contentSecurityPolicy),
        request.headers['accept-encoding'],
        page.html,
        page,
      )
    }

    const sendPage: SendPage = async (request, reply) => {
      const template = built ?? templateOf(await indexHtml(request.url))
      // The app shell, as the service worker keeps it for the pages it opens offline.
      if (request.url.split('?')[0] === APP_SHELL_PATH || !mayRender(request.ip)) {
        return send(request, reply, template.appShell)
      }
      const nonce = randomBytes(16).toString('base64')
      let rendered: Awaited<ReturnType<RenderPage>>
      try {
        const { renderPage } = builtEntry ?? (await loadRenderer())
        rendered = await renderPage({
          url: request.url,
          nonce,
          tmdb: pageTmdb({ proxy, allowedRequestOf, imageUrl, demo }),
        })
      } catch (error) {
        // The browser renders the page alone, as a static host's page.
        app.log.error({ err: loggableError(error) }, 'could not render the page')
        rendered = undefined
      }
      if (rendered?.kind === 'redirect') {
        return reply
          .code(rendered.status)
          .header('location', rendered.location)
          .header('cache-control', 'no-store')
          .send()
      }
      if (!rendered) return send(request, reply, template.appShell)
      return send(request, reply, template.withApp(rendered, nonce), rendered.status)
    }
    app.decorate('sendPage', sendPage)
  },
  { name: 'page', fastify: '5.x', dependencies: ['tmdb'] },
)
