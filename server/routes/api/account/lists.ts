import type { FastifyPluginCallback, FastifyRequest } from 'fastify'
import type { AccountUser } from '../../../accounts/auth'
import { MAX_ENTRIES_PER_ACCOUNT, syncLists } from '../../../lists/sync'
import {
  checkChanges,
  SYNC_BODY_LIMIT,
  syncBody,
  toEdit,
  toServices,
  type SyncBody,
} from './list-schemas'
import { ACCOUNT_MESSAGES, authHeaders, isSecure, notSignedIn, tooMany } from './requests'

/** POST /lists/sync (docs/api.md), inside the account routes and so under their rules. */
const listRoutes: FastifyPluginCallback = (app, _options, done) => {
  const { auth, limits } = app.accounts
  // Who is signed in is known before the body is read: a stranger's 8 MB is never parsed.
  const users = new WeakMap<FastifyRequest, AccountUser>()

  app.post<{ Body: SyncBody }>(
    '/sync',
    {
      bodyLimit: SYNC_BODY_LIMIT,
      schema: { body: syncBody },
      onRequest: async (request, reply) => {
        const user = await auth.signedInUser(authHeaders(request), isSecure(request))
        if (!user) return notSignedIn(reply)
        const wait = await limits.sync(user.id)
        if (wait > 0) return tooMany(reply, wait, ACCOUNT_MESSAGES.tooManySyncs(wait))
        users.set(request, user)
      },
    },
    async (request, reply) => {
      const user = users.get(request)
      if (!user) return notSignedIn(reply)
      const { since, changes, hideSeen, services } = request.body
      if (!checkChanges(changes)) {
        return reply.code(400).send({ error: ACCOUNT_MESSAGES.badRequest })
      }
      const synced = await syncLists(app.db, user.id, {
        since,
        changes: changes.map(toEdit),
        ...(hideSeen ? { hideSeen } : {}),
        ...(services ? { services: { ...services, value: toServices(services.value) } } : {}),
      })
      return synced.refused
        ? { ...synced, error: ACCOUNT_MESSAGES.listsFull(MAX_ENTRIES_PER_ACCOUNT) }
        : synced
    },
  )
  done()
}

export default listRoutes
