import type { FastifyPluginCallback, FastifyRequest } from 'fastify'
import type { AccountUser } from '../../../accounts/auth'
import { MAX_NAMED_LIST_ENTRIES, MAX_NAMED_LISTS } from '@/shared/lists/named'
import {
  MAX_ENTRIES_PER_ACCOUNT,
  MAX_VIEWINGS_PER_ACCOUNT,
  syncLists,
  type SyncRefusal,
} from '../../../lists/sync'
import {
  checkChanges,
  checkFilmLog,
  checkListEdits,
  SYNC_BODY_LIMIT,
  syncBody,
  toEdit,
  toListEdit,
  toRatingEdit,
  toServices,
  toViewingEdit,
  type SyncBody,
} from './list-schemas'
import { ACCOUNT_MESSAGES, authHeaders, isSecure, notSignedIn, tooMany } from './requests'

const REFUSALS: Record<SyncRefusal, string> = {
  account: ACCOUNT_MESSAGES.listsFull(MAX_ENTRIES_PER_ACCOUNT),
  lists: ACCOUNT_MESSAGES.tooManyLists(MAX_NAMED_LISTS),
  list: ACCOUNT_MESSAGES.listFull(MAX_NAMED_LIST_ENTRIES),
  diary: ACCOUNT_MESSAGES.diaryFull(MAX_VIEWINGS_PER_ACCOUNT),
}

/** POST /lists/sync (docs/api.md), inside the account routes and so under their rules. */
const listRoutes: FastifyPluginCallback = (app, _options, done) => {
  const { auth, limits } = app.accounts
  const events = app.listEvents
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
      const {
        since,
        changes,
        hideSeen,
        services,
        lists = [],
        ratings = [],
        viewings = [],
      } = request.body
      const { logSince } = request.body
      if (
        !checkChanges(changes) ||
        !checkListEdits(lists) ||
        !checkFilmLog(ratings, viewings, Date.now())
      ) {
        return reply.code(400).send({ error: ACCOUNT_MESSAGES.badRequest })
      }
      let wrote: number | undefined
      const { refusedBy, ...synced } = await syncLists(
        app.db,
        user.id,
        {
          since,
          changes: changes.map(toEdit),
          ...(hideSeen ? { hideSeen } : {}),
          ...(services ? { services: { ...services, value: toServices(services.value) } } : {}),
          lists: lists.map(toListEdit),
          ratings: ratings.map(toRatingEdit),
          viewings: viewings.map(toViewingEdit),
          ...(logSince === undefined ? {} : { logSince }),
        },
        {
          onWrite: async (tx, seq) => {
            wrote = seq
            await events.announce(tx, user.id, seq)
          },
        },
      )
      if (wrote !== undefined) events.committed(user.id, wrote)
      return refusedBy ? { ...synced, error: REFUSALS[refusedBy] } : synced
    },
  )
  done()
}

export default listRoutes
