import type { FastifyPluginCallback } from 'fastify'
import type { EntryListKey } from '@/shared/lists/merge'
import { deleteShare, isListKey, putShare, userShares } from '../../../lists/shares'
import { ACCOUNT_MESSAGES, authHeaders, isSecure, notSignedIn } from './requests'

interface ListParams {
  list: string
}

const putBody = {
  type: 'object',
  additionalProperties: false,
  properties: { indexable: { type: 'boolean' } },
} as const
const deleteBody = { type: 'object', additionalProperties: false, properties: {} } as const

/** /shares (docs/api.md): the links that show one of the account's lists to anyone. */
const shareRoutes: FastifyPluginCallback = (app, _options, done) => {
  const { auth } = app.accounts
  const signedIn = (request: Parameters<typeof authHeaders>[0]) =>
    auth.signedInUser(authHeaders(request), isSecure(request))
  const notFound = (reply: Parameters<typeof notSignedIn>[0]) =>
    reply.code(404).send({ error: ACCOUNT_MESSAGES.notFound })

  app.get('/shares', async (request, reply) => {
    const user = await signedIn(request)
    if (!user) return notSignedIn(reply)
    return { shares: await userShares(app.db, user.id) }
  })

  app.put<{ Params: ListParams; Body: { indexable?: boolean } }>(
    '/shares/:list',
    { schema: { body: putBody } },
    async (request, reply) => {
      const user = await signedIn(request)
      if (!user) return notSignedIn(reply)
      const { list } = request.params
      if (!isListKey(list)) return notFound(reply)
      const share = await putShare(app.db, user.id, list, request.body.indexable)
      return share ?? notFound(reply)
    },
  )

  app.delete<{ Params: ListParams }>(
    '/shares/:list',
    { schema: { body: deleteBody } },
    async (request, reply) => {
      const user = await signedIn(request)
      if (!user) return notSignedIn(reply)
      const { list } = request.params
      if (!isListKey(list)) return notFound(reply)
      await deleteShare(app.db, user.id, list satisfies EntryListKey)
      return reply.code(204).send()
    },
  )
  done()
}

export default shareRoutes
