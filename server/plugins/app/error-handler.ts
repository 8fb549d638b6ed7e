import fp from 'fastify-plugin'
import { isDatabaseUnavailable, loggableError } from '../../logging/loggable-error'

/** Errors no route handles: a plain line with the status, 503 while the database cannot serve. */
export default fp(
  (app, _options, done) => {
    app.setErrorHandler((error: { statusCode?: number }, request, reply) => {
      const status = isDatabaseUnavailable(error)
        ? 503
        : error.statusCode && error.statusCode >= 400 && error.statusCode < 600
          ? error.statusCode
          : 500
      if (status >= 500) request.log.error({ err: loggableError(error) }, 'request failed')
      // Never the error's own words: they could say more than a visitor should see.
      return reply
        .code(status)
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(
          status === 503 ? 'Service unavailable' : status >= 500 ? 'Server error' : 'Bad request',
        )
    })
    done()
  },
  { name: 'error-handler', fastify: '5.x' },
)
