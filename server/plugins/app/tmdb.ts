import { LRUCache } from 'lru-cache'
import fp from 'fastify-plugin'
import { API_BASE, DEMO_IMAGE_BASE } from '@/shared/urls'
import type { ServerConfig } from '../../config'
import { allowedRequest, type AllowedRequest } from '../../tmdb/allowlist'
import type { DemoUpstream } from '../../tmdb/demo-upstream'
import { createTmdbProxy, type TmdbProxy } from '../../tmdb/proxy'
import { tmdbUpstream, type Upstream } from '../../tmdb/upstream'

export interface TmdbService {
  proxy: TmdbProxy
  /** The upstream request for a URL under API_BASE; nothing when the app never makes it. */
  allowedRequestOf: (rawUrl: string) => AllowedRequest | undefined
  imageUrl: string
  demo: DemoUpstream | undefined
}

declare module 'fastify' {
  interface FastifyInstance {
    tmdb: TmdbService
  }
}

export interface TmdbServiceOptions {
  config: Pick<ServerConfig, 'tmdb' | 'demo' | 'upstreamPerSecond'>
  upstream?: Upstream | undefined
  upstreamTimeoutMs?: number | undefined
  now?: (() => number) | undefined
}

/** app.tmdb: the proxy that holds the credential, for its route and for server rendering. */
export default fp<TmdbServiceOptions>(
  async (app, { config, upstream, upstreamTimeoutMs, now }) => {
    const demo =
      config.demo && !upstream
        ? (await import('../../tmdb/demo-upstream')).createDemoUpstream()
        : undefined
    const proxy = createTmdbProxy({
      upstream: upstream ?? demo?.api ?? tmdbUpstream(config.tmdb),
      perSecond: config.upstreamPerSecond,
      ...(upstreamTimeoutMs === undefined ? {} : { timeoutMs: upstreamTimeoutMs }),
      ...(now ? { now } : {}),
    })

    // The same few URLs come again and again; bounded, so made-up URLs only push out others.
    const allowedByUrl = new LRUCache<string, AllowedRequest | false>({ max: 10_000 })
    const allowedRequestOf = (rawUrl: string): AllowedRequest | undefined => {
      let allowed = allowedByUrl.get(rawUrl)
      if (allowed === undefined) {
        const url = new URL(rawUrl, 'http://server.invalid')
        allowed = allowedRequest(url.pathname.slice(API_BASE.length), url.searchParams) ?? false
        allowedByUrl.set(rawUrl, allowed)
      }
      return allowed || undefined
    }

    app.decorate('tmdb', {
      proxy,
      allowedRequestOf,
      imageUrl: demo ? DEMO_IMAGE_BASE : config.tmdb.imageUrl,
      demo,
    } satisfies TmdbService)
  },
  { name: 'tmdb', fastify: '5.x' },
)
