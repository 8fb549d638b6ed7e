// In TMDB's shape and, where it has one, with TMDB's code: the app reads them as TMDB's own.
export interface TmdbErrorBody {
  success: false
  status_code: number
  status_message: string
}

export interface ProxyError {
  status: number
  body: TmdbErrorBody
  retryAfter?: number
}

const error = (status: number, statusCode: number, message: string): ProxyError => ({
  status,
  body: { success: false, status_code: statusCode, status_message: message },
})

export const PROXY_ERRORS = {
  notFound: () => error(404, 34, 'The resource you requested could not be found.'),
  timeout: () => error(504, 24, 'Your request to the backend server timed out. Try again.'),
  unreachable: () => error(502, 11, 'TMDB could not be reached. Try again.'),
  notJson: () => error(502, 11, 'TMDB sent a response that is not JSON.'),
  tooManyRequests: (retryAfter: number): ProxyError => ({
    ...error(429, 25, `Too many requests: try again in ${String(retryAfter)} seconds.`),
    retryAfter,
  }),
  queueFull: (retryAfter: number): ProxyError => ({
    ...error(
      503,
      11,
      `Too many requests are waiting for TMDB: try again in ${String(retryAfter)} seconds.`,
    ),
    retryAfter,
  }),
  upstream: (status: number) => error(status, 11, `TMDB answered HTTP ${String(status)}.`),
} as const

/** TMDB's error body when it sent one, else one in its shape for the status. */
export function upstreamErrorBody(status: number, text: string): TmdbErrorBody {
  try {
    const body = JSON.parse(text) as Partial<TmdbErrorBody> | null
    if (typeof body?.status_code === 'number' && typeof body.status_message === 'string') {
      return { success: false, status_code: body.status_code, status_message: body.status_message }
    }
  } catch {
    // An HTML error page from a gateway, say.
  }
  return PROXY_ERRORS.upstream(status).body
}
