// @vitest-environment node
import Fastify, { type FastifyInstance, type FastifyPluginCallback } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import errorHandler from '../../../../server/plugins/app/error-handler'

const apps: FastifyInstance[] = []
afterEach(() => Promise.all(apps.splice(0).map((app) => app.close())))

/** Routes in a plugin of their own, each throwing what its path says. */
const failing: FastifyPluginCallback = (app, _options, done) => {
  app.get('/fails', () => {
    throw new Error('connection to 10.0.0.7 refused')
  })
  app.get('/teapot', () => {
    throw Object.assign(new Error('the teapot’s own words'), { statusCode: 418 })
  })
  app.get('/redirect', () => {
    throw Object.assign(new Error('not an error status'), { statusCode: 302 })
  })
  done()
}

async function app() {
  const server = Fastify({ logger: false })
  apps.push(server)
  await server.register(errorHandler)
  await server.register(failing)
  return server
}

describe('the error handler', () => {
  it('answers a failure in any plugin with a plain 500 that says nothing of it', async () => {
    const response = await (await app()).inject({ url: '/fails' })
    expect(response.statusCode).toBe(500)
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8')
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.body).toBe('Server error')
  })

  it('keeps a client error’s status, not its words', async () => {
    const response = await (await app()).inject({ url: '/teapot' })
    expect(response.statusCode).toBe(418)
    expect(response.body).toBe('Bad request')
  })

  it('answers 500 for a status that is not an error’s', async () => {
    const response = await (await app()).inject({ url: '/redirect' })
    expect(response.statusCode).toBe(500)
    expect(response.body).toBe('Server error')
  })
})
