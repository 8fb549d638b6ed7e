import fp from 'fastify-plugin'
import { API_BASE } from '@/shared/urls'
import { PROXY_ERRORS } from '../tmdb/errors'
import { sendProxyError } from './api/tmdb'

const NAMES_A_FILE = /\.[^/]+$/

const isUnder = (path: string, base: string) => path === base || path.startsWith(`${base}/`)

const APIS_BASE = '/api'

/** The page at every path of the app; not encapsulated, its not-found handler is the app's. */
export default fp(
  (app, _options, done) => {
    const { sendPage } = app
    app.get('/', sendPage)
    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? '/'
      // Here, not in each API's own not-found handler: a GET of a prefix itself is the static
      // files' route's, whose misses come here.
      if (isUnder(path, API_BASE)) return sendProxyError(reply, PROXY_ERRORS.notFound())
      if (isUnder(path, APIS_BASE)) {
        return reply.code(404).header('cache-control', 'no-store').send({ error: 'Not found' })
      }
      if (
        (request.method === 'GET' || request.method === 'HEAD') &&
        (!NAMES_A_FILE.test(path) || path === '/index.html')
      ) {
        return sendPage(request, reply)
      }
      return reply
        .code(404)
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send('Not found')
    })
    done()
  },
  { name: 'page-routes', fastify: '5.x', dependencies: ['page'] },
)
