import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { FastifyReply } from 'fastify'
import fp from 'fastify-plugin'
import { API_BASE } from '@/shared/urls'
import { servedIndexHtml, type ServedPage } from '../../index-html'
import { landingAnswerPages } from '../../landing-answer'
import { serverLandingOf } from '../../landing-preload'
import { drawnLoginPage } from '../../login-page'
import { sendNegotiated } from '../../send-negotiated'

/** Sends the page for a request's URL: index.html as this server serves it. */
export type SendPage = (
  request: { url: string; headers: { 'accept-encoding'?: string | undefined } },
  reply: FastifyReply,
) => FastifyReply

declare module 'fastify' {
  interface FastifyInstance {
    sendPage: SendPage
  }
}

export interface PageServiceOptions {
  /** The build, with its index.html. */
  distDir: string
  /** The page is marked as the demo's (no credential). */
  demo: boolean
  /** Where the page's accounts live: told to it in a meta tag. */
  accounts: 'server' | 'local'
}

/**
 * The page, made at start from the built index.html; for a landing page whose first TMDB
 * answer the proxy holds, with that answer inside; at /login, with its form drawn. The app's
 * routes and the not-found handler (routes/page.ts) send it.
 */
export default fp<PageServiceOptions>(
  async (app, { distDir, demo, accounts }) => {
    const { proxy, allowedRequestOf, imageUrl } = app.tmdb
    const page = servedIndexHtml(await readFile(join(distDir, 'index.html'), 'utf8'), {
      apiBase: API_BASE,
      imageUrl,
      demo,
      accounts,
    })
    const landingOf = serverLandingOf(API_BASE)
    const pageWithAnswer = landingAnswerPages(page, imageUrl, app.log)
    const loginPage = drawnLoginPage(page, imageUrl, app.log)

    const sendPage: SendPage = (request, reply) => {
      const landing = landingOf(request.url)
      const preload = landing?.preload
      const allowed = preload && allowedRequestOf(preload.url)
      // A page's first TMDB answer at hand goes inside the page: its request then needs no
      // round trip. One that has to come from TMDB is announced instead, so that round trip
      // runs as the page's scripts download. (Announced while cached, it only took the
      // scripts' bandwidth: measured, the home page's LCP was 70 ms later with the hint.)
      const answer = allowed ? proxy.answerAtOnce(allowed) : undefined
      if (preload && allowed && !answer) reply.header('link', preload.link)
      const served: ServedPage =
        preload && answer
          ? pageWithAnswer(preload, answer)
          : landing?.routeId === '/login'
            ? loginPage
            : page
      return sendNegotiated(
        reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .header('content-security-policy', served.contentSecurityPolicy),
        request.headers['accept-encoding'],
        served.html,
        served,
      )
    }
    app.decorate('sendPage', sendPage)
  },
  { name: 'page', fastify: '5.x', dependencies: ['tmdb'] },
)
