// @vitest-environment node
import Fastify, { type FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { readServerConfig } from '../../../../server/config'
import tmdb, { type TmdbServiceOptions } from '../../../../server/plugins/app/tmdb'
import type { Upstream } from '../../../../server/tmdb/upstream'

const apps: FastifyInstance[] = []
afterEach(() => Promise.all(apps.splice(0).map((app) => app.close())))

async function service(env: Record<string, string>, options: Partial<TmdbServiceOptions> = {}) {
  const app = Fastify({ logger: false })
  apps.push(app)
  await app.register(tmdb, { config: readServerConfig(env), ...options })
  await app.ready()
  return app.tmdb
}

describe('the TMDB service (app.tmdb)', () => {
  it('reads a URL on this server as the request the proxy sends, or none', async () => {
    const { allowedRequestOf } = await service({ TMDB_TOKEN: 't' })
    expect(allowedRequestOf('/api/tmdb/3/search/movie?query=alien&bust=1')?.pathAndQuery).toBe(
      '/3/search/movie?query=alien',
    )
    expect(allowedRequestOf('/api/tmdb/3/account')).toBeUndefined()
  })

  it('answers through the upstream it is given', async () => {
    const seen: string[] = []
    const upstream: Upstream = (pathAndQuery) => {
      seen.push(pathAndQuery)
      return Promise.resolve(Response.json({ id: 603 }))
    }
    const { proxy, allowedRequestOf } = await service({ TMDB_TOKEN: 't' }, { upstream })
    const request = allowedRequestOf('/api/tmdb/3/movie/603')
    if (!request) throw new Error('not allowed')
    const answer = await proxy.get(request)
    expect(JSON.parse(answer.body.toString())).toEqual({ id: 603 })
    expect(seen).toEqual(['/3/movie/603'])
  })

  it('has posters from TMDB’s image host with a credential, and the demo’s without', async () => {
    const live = await service({ TMDB_TOKEN: 't', TMDB_IMAGE_URL: 'https://images.example/t/p' })
    expect(live.imageUrl).toBe('https://images.example/t/p')
    expect(live.demo).toBeUndefined()
    const demo = await service({})
    expect(demo.imageUrl).toBe('/demo-images')
    expect(demo.demo).toBeDefined()
    // An upstream given in its place (tests) is no demo.
    const given = await service({}, { upstream: () => Promise.resolve(Response.json({})) })
    expect(given.demo).toBeUndefined()
  })
})
