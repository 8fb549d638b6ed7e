import rateLimit from '@fastify/rate-limit'
import fp from 'fastify-plugin'

/** Per-client limits, off unless a route sets `config.rateLimit`; app-wide so any route may. */
export default fp(
  async (app) => {
    await app.register(rateLimit, { global: false })
  },
  { name: 'rate-limit', fastify: '5.x' },
)
