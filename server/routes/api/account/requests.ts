import type { FastifyReply, FastifyRequest } from 'fastify'
import { CLIENT_ADDRESS_HEADER } from '../../../accounts/auth'

export const ACCOUNT_MESSAGES = {
  notSignedIn: 'Not signed in',
  incorrectPassword: 'Incorrect password',
  tooManyAttempts: (minutes: number) =>
    `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  badRequest: 'Invalid request',
  serverError: 'Server error',
} as const

/** What better-auth reads of a request: the cookie, the agent, and the client's address. */
export function authHeaders(request: FastifyRequest): Headers {
  const headers = new Headers()
  if (request.headers.cookie) headers.set('cookie', request.headers.cookie)
  const agent = request.headers['user-agent']
  if (agent) headers.set('user-agent', agent)
  headers.set(CLIENT_ADDRESS_HEADER, request.ip)
  return headers
}

export const isSecure = (request: FastifyRequest) => request.protocol === 'https'

export const notSignedIn = (reply: FastifyReply) =>
  reply.code(401).send({ error: ACCOUNT_MESSAGES.notSignedIn })
