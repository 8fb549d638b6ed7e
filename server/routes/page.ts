import fp from 'fastify-plugin'
import { API_BASE } from '@/shared/urls'
import { PROXY_ERRORS } from '../tmdb/errors'
import { sendProxyError } from './api/tmdb'

/** A path whose last segment has an extension names a file: a missing one is a real 404. */
const NAMES_A_FILE = /\.[^/]+$/

const isUnder = (path: string, base: string) => path === base || path.startsWith(`${base}/`)

/** Every API's base is under it (urls.ts): no path there is ever the page. */
const APIS_BASE = '/api'

/**
 * The page at / and at every other path of the app, and what answers a URL nothing else does.
 * Not encapsulated: the not-found handler is the app's, and the static files' misses come to it
 * too.
 */
export default fp(
  (app, _options, done) => {
    const { sendPage } = app
    app.get('/', sendPage)
    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? '/'
      // An API's unknown path is that API's 404, never the page, which a caller would take for
      // its answer. Here rather than in a not-found handler of each API's prefix: a GET of the
      // prefix itself is the static files' route's, whose misses come here. TMDB's in TMDB's
      // shape; any other (the accounts', or an API this server does not have) in JSON.
      if (isUnder(path, API_BASE)) return sendProxyError(reply, PROXY_ERRORS.notFound())
      if (isUnder(path, APIS_BASE)) {
        return reply.code(404).header('cache-control', 'no-store').send({ error: 'Not found' })
      }
      // The app's routes (and its own 404 page) are paths without an extension.
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
