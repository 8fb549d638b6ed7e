import type { FastifyReply, FastifyRequest } from 'fastify'
import { CLIENT_ADDRESS_HEADER } from '../../../accounts/auth'

export const ACCOUNT_MESSAGES = {
  notSignedIn: 'Not signed in',
  incorrectPassword: 'Incorrect password',
  tooManyAttempts: (minutes: number) =>
    `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  tooManySignUps: (minutes: number) =>
    `Too many sign-ups from this address. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  tooManySyncs: (seconds: number) =>
    `Too many syncs for this account. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
  listsFull: (max: number) =>
    `Your lists hold the most entries an account can keep (${max.toLocaleString('en-US')}). Remove some to add more.`,
  tooManyLists: (max: number) => `You can keep up to ${max.toLocaleString('en-US')} lists.`,
  listFull: (max: number) => `A list can hold up to ${max.toLocaleString('en-US')} movies.`,
  diaryFull: (max: number) =>
    `Your diary holds the most viewings an account can keep (${max.toLocaleString('en-US')}).`,
  notFound: 'Not found',
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

export const tooMany = (reply: FastifyReply, seconds: number, error: string) =>
  reply.code(429).header('retry-after', String(seconds)).send({ error, retryAfter: seconds })

export const notSignedIn = (reply: FastifyReply) =>
  reply.code(401).send({ error: ACCOUNT_MESSAGES.notSignedIn })
