// @vitest-environment node
import Fastify, { type FastifyInstance, type FastifyPluginCallback } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import rateLimit from '../../../../server/plugins/external/rate-limit'

const apps: FastifyInstance[] = []
afterEach(() => Promise.all(apps.splice(0).map((app) => app.close())))

/** Routes in a plugin of their own: one limited to a request a minute, one not. */
const routes: FastifyPluginCallback = (app, _options, done) => {
  app.get('/limited', { config: { rateLimit: { max: 1, timeWindow: 60_000 } } }, () => 'ok')
  app.get('/free', () => 'ok')
  done()
}

describe('the rate limiter', () => {
  it('limits the routes of any plugin that opt in, and only those', async () => {
    const app = Fastify({ logger: false })
    apps.push(app)
    await app.register(rateLimit)
    await app.register(routes)
    const statuses = async (url: string) => {
      const seen: number[] = []
      for (let index = 0; index < 3; index++) seen.push((await app.inject({ url })).statusCode)
      return seen
    }
    expect(await statuses('/limited')).toEqual([200, 429, 429])
    expect(await statuses('/free')).toEqual([200, 200, 200])
  })
})
