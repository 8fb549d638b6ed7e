import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect } from 'vitest'
import type { RatingEdit, ViewingEdit } from '@/shared/film-log/records'
import type { ListEdit, SettingEdit, WatchService } from '@/shared/lists/merge'
import type { ListMetaEdit } from '@/shared/lists/named'
import type { Target } from '../db/support'
import { accountsApp, cookieOf, rowsOf, SAME_ORIGIN_JSON, targetConfig } from './support'

/** The list sync's tests: edits to send, and a client of the account API on an app. */

export const movie = (title: string) => ({
  title,
  poster_path: '/p.jpg',
  release_date: '1979-05-25',
  vote_average: 8.1,
  added_at: '2025-01-02T03:04:05.000Z',
})
export const add = (movieId: number, editedAt: number, list: ListEdit['list'] = 'watchlist') => ({
  list,
  movieId,
  present: true,
  editedAt,
  movie: movie(`Film ${movieId}`),
})
export const drop = (movieId: number, editedAt: number, list: ListEdit['list'] = 'watchlist') => ({
  list,
  movieId,
  present: false,
  editedAt,
})

export interface SyncAnswer {
  seq: number
  changes: ListEdit[]
  hideSeen: SettingEdit<boolean> | null
  services: SettingEdit<WatchService[]> | null
  lists: ListMetaEdit[]
  ratings: RatingEdit[]
  viewings: ViewingEdit[]
  more?: true
  refused?: { list: ListEdit['list']; movieId: number }[]
  refusedLists?: string[]
  refusedViewings?: string[]
  error?: string
}

export function listClient(app: () => FastifyInstance) {
  const sync = (payload: unknown, cookie: string) =>
    app().inject({
      method: 'POST',
      url: '/api/account/lists/sync',
      payload: JSON.stringify(payload),
      headers: { ...SAME_ORIGIN_JSON, cookie },
    })
  return {
    sync,
    /** A sync that must succeed, and its answer. */
    async synced(payload: unknown, cookie: string) {
      const response = await sync(payload, cookie)
      expect(response.statusCode, response.body).toBe(200)
      return response.json<SyncAnswer>()
    },
    rows: () =>
      rowsOf<Record<string, unknown>>(
        app().db,
        sql`select * from list_entry order by user_id, list, movie_id`,
      ),
    /** The id of the account with this e-mail. */
    userIdOf: async (email: string) => {
      const [row] = await rowsOf<{ id: string }>(
        app().db,
        sql`select id from "user" where email = ${email}`,
      )
      if (!row) throw new Error(`no account ${email}`)
      return row.id
    },
    /** Every account's row of settings and counter. */
    syncRows: () =>
      rowsOf<Record<string, unknown>>(app().db, sql`select * from list_sync order by user_id`),
    /** Registers and signs in; the cookie to send. */
    async signUp(name: string, email: string) {
      const password = 'Secret1!'
      const body = { name, email, password }
      await app().inject({
        method: 'POST',
        url: '/api/account/register',
        payload: body,
        headers: SAME_ORIGIN_JSON,
      })
      const login = await app().inject({
        method: 'POST',
        url: '/api/account/login',
        payload: { email, password },
        headers: SAME_ORIGIN_JSON,
      })
      return cookieOf(login)
    },
  }
}

/**
 * For the enclosing describe: an accounts app on a fresh database of the target's kind, with
 * `name` signed up before its first test; the app closed and the database removed after its last.
 */
export function signedInListClient(target: Target, name: string, email: string) {
  let app: FastifyInstance
  let remove: () => Promise<void>
  let cookie = ''
  const client = listClient(() => app)
  const signUp = async (name: string, email: string) => {
    cookie = await client.signUp(name, email)
  }
  beforeAll(async () => {
    const config = await targetConfig(target)
    remove = config.remove
    app = await accountsApp(config.database)
    await signUp(name, email)
  })
  afterAll(async () => {
    await app.close()
    await remove()
  })
  return {
    sync: client.sync,
    rows: client.rows,
    syncRows: client.syncRows,
    app: () => app,
    userIdOf: client.userIdOf,
    /** The signed-in account's cookie. */
    cookie: () => cookie,
    synced: (payload: unknown) => client.synced(payload, cookie),
    /** Registers and signs in another account, which `synced` then sends as. */
    signUp,
  }
}

/** An events stream read as it comes, through a real socket: inject waits for a response's end. */
export async function openStream(app: FastifyInstance, cookie: string) {
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('not listening')
  const gone = new AbortController()
  const response = await fetch(`http://127.0.0.1:${address.port}/api/account/events`, {
    headers: { cookie },
    signal: gone.signal,
  })
  const body = response.body
  if (!body) throw new Error('no body')
  const reader = body.getReader()
  const decoder = new TextDecoder()
  let text = ''
  let ended = false
  const read = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read()
        if (done) break
        text += decoder.decode(value, { stream: true })
      }
    } catch {
      // Aborted by the test.
    }
    ended = true
  })()
  const until = async (check: () => boolean, ms: number) => {
    const started = Date.now()
    while (!check()) {
      if (Date.now() - started > ms) return false
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    return true
  }
  return {
    response,
    text: () => text,
    /** Whether `needle` came within `ms`. */
    heard: (needle: string, ms = 2000) => until(() => text.includes(needle), ms),
    ended: (ms = 2000) => until(() => ended, ms),
    close: async () => {
      gone.abort()
      await read
    },
  }
}
