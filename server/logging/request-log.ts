import { LogController, type FastifyReply, type FastifyRequest } from 'fastify'
import { loggableError } from './loggable-error'

/** Levels at which a request's info line is written (spared from being built otherwise). */
const LOGS_INFO = new Set(['info', 'debug', 'trace'])

/**
 * One JSON line per request, when it completes: request id, method, route, path, status and
 * latency. Never the query string (people's searches are personal) nor any header (the client's
 * cookies, or the credential the proxy adds upstream).
 */
export class RequestLog extends LogController {
  override incomingRequest() {
    // Written once, on completion.
  }

  override routeNotFound() {
    // The not-found handler answers these, and requestCompleted logs them.
  }

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply) {
    if (!error && !LOGS_INFO.has(reply.log.level)) return
    const line = {
      method: request.method,
      route: request.routeOptions.url,
      path: request.url.split('?')[0],
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    }
    if (error) reply.log.error({ ...line, err: loggableError(error) }, 'request failed')
    else reply.log.info(line, 'request')
  }
}
