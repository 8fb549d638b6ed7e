import rateLimit from '@fastify/rate-limit'
import fp from 'fastify-plugin'

/**
 * Per-client rate limits, off unless a route sets its `config.rateLimit` (the TMDB proxy's,
 * routes/api/tmdb). App-wide, so that a route in any plugin registered after it may.
 */
export default fp(
  async (app) => {
    await app.register(rateLimit, { global: false })
  },
  { name: 'rate-limit', fastify: '5.x' },
)
