import { LogController, type FastifyReply, type FastifyRequest } from 'fastify'
import { loggableError } from './loggable-error'

const LOGS_INFO = new Set(['info', 'debug', 'trace'])

/** One line per completed request; never a query string or a header (docs/operations.md). */
export class RequestLog extends LogController {
  override incomingRequest() {
    // Logged once, on completion.
  }

  override routeNotFound() {
    // Logged on completion too.
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
