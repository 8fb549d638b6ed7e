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

const APP_SHELL_PATH = '/index.html'

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
  indexHtml: (url: string) => Promise<string>
  loadRenderer: () => Promise<{ renderPage: RenderPage }>
  demo: boolean
  accounts: 'server' | 'local'
  /** Vite's page: it has no policy, and is read again for each request. */
  dev?: boolean
  rateLimit: { max: number; windowMs: number }
}

/** app.sendPage: the page rendered for its URL, or the app shell; see docs/architecture.md. */
export default fp<PageServiceOptions>(
  async (app, { indexHtml, loadRenderer, demo, accounts, dev = false, rateLimit }) => {
    const { proxy, allowedRequestOf, imageUrl } = app.tmdb
    const templateOf = (html: string) =>
      pageTemplate(html, { apiBase: API_BASE, imageUrl, demo, accounts, dev })
    const built: PageTemplate | undefined = dev ? undefined : templateOf(await indexHtml('/'))
    const builtEntry = dev ? undefined : await loadRenderer()
    // Bounded: made-up addresses only push out others.
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

    // A page reads only what anyone may: a shared list, as its public route answers it.
    const pageApi = async (path: string) => {
      if (!path.startsWith('/api/shared/')) return new Response(null, { status: 404 })
      const answer = await app.inject({ method: 'GET', url: path })
      return new Response(answer.body, {
        status: answer.statusCode,
        headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
      })
    }

    const sendPage: SendPage = async (request, reply) => {
      const template = built ?? templateOf(await indexHtml(request.url))
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
          api: pageApi,
        })
      } catch (error) {
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
