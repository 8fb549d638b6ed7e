import { setTimeout } from 'node:timers/promises'
import type { FastifyPluginCallback, FastifyReply } from 'fastify'
import { authMessages } from '@/shared/accounts/messages'
import { validateName, validatePassword, validateRegister } from '@/shared/accounts/validation'
import eventRoutes from './events'
import listRoutes from './lists'
import { ACCOUNT_MESSAGES, authHeaders, isSecure, notSignedIn, tooMany } from './requests'
import { refuseCrossSite } from './same-origin'
import shareRoutes from './shares'
import {
  deleteAccountBody,
  loginBody,
  passwordBody,
  registerBody,
  renameBody,
  type DeleteAccountBody,
  type LoginBody,
  type PasswordBody,
  type RegisterBody,
  type RenameBody,
} from './schemas'
import { isDatabaseUnavailable, loggableError } from '../../../logging/loggable-error'

const profile = (user: { name: string; email: string }) => ({ name: user.name, email: user.email })

const sendCookies = (reply: FastifyReply, cookies: string[]) => {
  if (cookies.length > 0) reply.header('set-cookie', cookies)
  return reply
}

/** The account API of docs/api.md. */
const accountRoutes: FastifyPluginCallback = (app, _options, done) => {
  const { auth, throttle, limits } = app.accounts

  app.addHook('onRequest', refuseCrossSite)
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store')
  })
  app.setErrorHandler((error: { statusCode?: number; validation?: unknown }, request, reply) => {
    const status = isDatabaseUnavailable(error)
      ? 503
      : error.statusCode && error.statusCode < 500
        ? error.statusCode
        : 500
    if (status >= 500) request.log.error({ err: loggableError(error) }, 'account request failed')
    return reply
      .code(status)
      .send({ error: status >= 500 ? ACCOUNT_MESSAGES.serverError : ACCOUNT_MESSAGES.badRequest })
  })

  app.get('/', async (request, reply) => {
    const session = await auth.sessionOf(authHeaders(request), isSecure(request))
    return session
      ? sendCookies(reply, session.cookies).send(profile(session.user))
      : notSignedIn(reply)
  })

  app.post<{ Body: RegisterBody }>(
    '/register',
    { schema: { body: registerBody } },
    async (request, reply) => {
      const errors = validateRegister(request.body)
      if (Object.keys(errors).length > 0) {
        return reply.code(400).send({ error: authMessages.fixErrors, fields: errors })
      }
      // Counted first: "Email already registered" tells something too.
      const wait = await limits.signup(request.ip)
      if (wait > 0)
        return tooMany(reply, wait, ACCOUNT_MESSAGES.tooManySignUps(Math.ceil(wait / 60)))
      const { name, email, password } = request.body
      const outcome = await auth.register(
        { name: name.trim().normalize('NFC'), email: email.trim(), password },
        authHeaders(request),
      )
      if (outcome === 'duplicate') return reply.code(409).send({ error: authMessages.emailTaken })
      return reply.code(201).send({ name: name.trim().normalize('NFC'), email: email.trim() })
    },
  )

  app.post<{ Body: LoginBody }>(
    '/login',
    { schema: { body: loginBody } },
    async (request, reply) => {
      const { email, password } = request.body
      if (!email.trim() || !password) {
        return reply.code(400).send({ error: authMessages.allFieldsRequired })
      }
      // Counted before the password is checked, so that a burst sent at once is counted too.
      const attempt = await throttle.attempt(email, request.ip)
      if (!attempt.allowed) {
        const wait = attempt.retryAfter
        return tooMany(reply, wait, ACCOUNT_MESSAGES.tooManyAttempts(Math.ceil(wait / 60)))
      }
      if (attempt.delayMs > 0) await setTimeout(attempt.delayMs)
      const signedIn = await auth.signIn(
        { email: email.trim(), password },
        authHeaders(request),
        isSecure(request),
      )
      if (!signedIn) return reply.code(401).send({ error: authMessages.wrongCredentials })
      await attempt.succeeded()
      request.log.info({ userId: signedIn.user.id }, 'signed in')
      return sendCookies(reply, signedIn.cookies).send(profile(signedIn.user))
    },
  )

  app.post('/logout', async (request, reply) => {
    const cookies = await auth.signOut(authHeaders(request), isSecure(request))
    return sendCookies(reply, cookies).code(204).send()
  })

  app.patch<{ Body: RenameBody }>('/', { schema: { body: renameBody } }, async (request, reply) => {
    const error = validateName(request.body.name)
    if (error) return reply.code(400).send({ error, fields: { name: error } })
    const user = await auth.rename(
      authHeaders(request),
      isSecure(request),
      request.body.name.trim().normalize('NFC'),
    )
    return user ? profile(user) : notSignedIn(reply)
  })

  app.post<{ Body: PasswordBody }>(
    '/password',
    { schema: { body: passwordBody } },
    async (request, reply) => {
      const error = validatePassword(request.body.newPassword)
      if (error) return reply.code(400).send({ error, fields: { newPassword: error } })
      const changed = await auth.changePassword(
        authHeaders(request),
        isSecure(request),
        request.body,
      )
      if (!changed) return notSignedIn(reply)
      if (changed === 'incorrect') {
        return reply.code(403).send({ error: ACCOUNT_MESSAGES.incorrectPassword })
      }
      return sendCookies(reply, changed.cookies).code(204).send()
    },
  )

  app.post('/sign-out-everywhere', async (request, reply) => {
    const cookies = await auth.signOutEverywhere(authHeaders(request), isSecure(request))
    return cookies ? sendCookies(reply, cookies).code(204).send() : notSignedIn(reply)
  })

  app.delete<{ Body: DeleteAccountBody }>(
    '/',
    { schema: { body: deleteAccountBody } },
    async (request, reply) => {
      const deleted = await auth.deleteAccount(
        authHeaders(request),
        isSecure(request),
        request.body.password,
      )
      if (!deleted) return notSignedIn(reply)
      if (deleted === 'incorrect') {
        return reply.code(403).send({ error: ACCOUNT_MESSAGES.incorrectPassword })
      }
      await throttle.forget(deleted.user.email)
      await limits.forget(deleted.user.id)
      request.log.info({ userId: deleted.user.id }, 'account deleted')
      return sendCookies(reply, deleted.cookies).code(204).send()
    },
  )
  void app.register(listRoutes, { prefix: '/lists' })
  void app.register(eventRoutes)
  void app.register(shareRoutes)
  done()
}

export { ACCOUNT_MESSAGES }
export default accountRoutes
