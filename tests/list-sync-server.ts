import { http, HttpResponse } from 'msw'
import {
  compareEdits,
  entryKey,
  mergeSetting,
  type ListEdit,
  type SettingEdit,
  type SyncListName,
  type WatchService,
} from '@/shared/lists/merge'
import { compareMetaEdits, type ListMetaEdit } from '@/shared/lists/named'
import { accountServer, server } from '@/mocks/server'

/**
 * POST /api/account/lists/sync answered from memory with merge.ts's rules, as the server does
 * (docs/api.md, "Lists that follow the account"): per entry the later edit wins, removals kept, a
 * counter per person, an answer of every entry changed after `since`. Behind the mock account
 * server's sessions: no session, 401.
 */

export interface SyncRequestBody {
  since: number
  changes: ListEdit[]
  hideSeen?: SettingEdit<boolean>
  services?: SettingEdit<WatchService[]>
  lists?: ListMetaEdit[]
}

interface Settings {
  hideSeen?: SettingEdit<boolean> | undefined
  services?: SettingEdit<WatchService[]> | undefined
}

interface Held {
  seq: number
  entries: Map<string, { edit: ListEdit; seq: number }>
  hideSeen: SettingEdit<boolean> | null
  services: SettingEdit<WatchService[]> | null
  lists: Map<string, { edit: ListMetaEdit; seq: number }>
}

const movieOf = (edit: ListEdit): ListEdit =>
  edit.present && edit.movie
    ? {
        ...edit,
        movie: {
          title: edit.movie.title,
          poster_path: edit.movie.poster_path ?? null,
          release_date: edit.movie.release_date ?? null,
          vote_average: edit.movie.vote_average ?? null,
          added_at: edit.movie.added_at ?? null,
          ...(edit.movie.position ? { position: edit.movie.position } : {}),
        },
      }
    : { list: edit.list, movieId: edit.movieId, present: edit.present, editedAt: edit.editedAt }

export function listSyncServer() {
  const people = new Map<string, Held>()
  const requests: SyncRequestBody[] = []
  /**
   * What the next requests meet, next first: an answer instead of the sync (a failure, a 429),
   * or undefined to sync as usual (after a step of the test's own).
   */
  const failures: (() => Response | undefined)[] = []

  const held = (email: string) => {
    const key = email.trim().toLowerCase()
    let person = people.get(key)
    if (!person) {
      person = { seq: 0, entries: new Map(), hideSeen: null, services: null, lists: new Map() }
      people.set(key, person)
    }
    return person
  }

  /** Merges edits into what the account holds; returns the new counter. */
  const merge = (
    email: string,
    edits: readonly ListEdit[],
    settings: Settings = {},
    lists: readonly ListMetaEdit[] = [],
  ) => {
    const person = held(email)
    const listWrites = lists.filter((edit) => {
      const current = person.lists.get(edit.id)
      return !current || compareMetaEdits(edit, current.edit) > 0
    })
    const writes: ListEdit[] = []
    for (const edit of edits.map(movieOf)) {
      const current = person.entries.get(entryKey(edit.list, edit.movieId))
      if (!current || compareEdits(edit, current.edit) > 0) writes.push(edit)
    }
    const hideSeen = mergeSetting(person.hideSeen, settings.hideSeen ?? null)
    const services = mergeSetting(person.services, settings.services ?? null)
    const settingChanged = hideSeen !== person.hideSeen || services !== person.services
    if (writes.length > 0 || listWrites.length > 0 || settingChanged) {
      person.seq += 1
      for (const edit of listWrites) person.lists.set(edit.id, { edit, seq: person.seq })
      for (const edit of writes) {
        person.entries.set(entryKey(edit.list, edit.movieId), { edit, seq: person.seq })
      }
      person.hideSeen = hideSeen
      person.services = services
    }
    return person.seq
  }

  const handler = http.post('/api/account/lists/sync', async ({ request, cookies }) => {
    const body = (await request.json()) as SyncRequestBody
    requests.push(body)
    const failure = failures.shift()?.()
    if (failure) return failure
    const email = accountServer.sessionOwner(cookies)
    if (!email) return HttpResponse.json({ error: 'Not signed in' }, { status: 401 })
    const seq = merge(
      email,
      body.changes,
      { hideSeen: body.hideSeen, services: body.services },
      body.lists,
    )
    const person = held(email)
    const since = body.since > seq ? 0 : body.since
    const changes = [...person.entries.values()]
      .filter((entry) => entry.seq > since)
      .map((entry) => entry.edit)
    const lists = [...person.lists.values()]
      .filter((entry) => entry.seq > since)
      .map((entry) => entry.edit)
    return HttpResponse.json(
      { seq, changes, lists, hideSeen: person.hideSeen, services: person.services },
      { headers: { 'Cache-Control': 'no-store' } },
    )
  })

  return {
    /** Starts answering (for the current test). */
    listen: () => {
      server.use(handler)
    },
    requests,
    failures,
    /** Edits made on another device, as if synced from there. */
    editElsewhere: (
      email: string,
      edits: readonly ListEdit[],
      settings?: Settings,
      lists?: readonly ListMetaEdit[],
    ) => merge(email, edits, settings, lists),
    /** The ids on the account's list, in order of id. */
    ids: (email: string, list: SyncListName) =>
      [...held(email).entries.values()]
        .filter(({ edit }) => edit.list === list && edit.present)
        .map(({ edit }) => edit.movieId)
        .sort((a, b) => a - b),
    entry: (email: string, list: SyncListName, movieId: number) =>
      held(email).entries.get(entryKey(list, movieId))?.edit,
    /** The account's own lists by name, each with its films' ids in the list's order. */
    namedLists: (email: string) => {
      const person = held(email)
      return [...person.lists.values()]
        .filter(({ edit }) => edit.present)
        .map(({ edit }) => ({
          name: edit.meta?.name,
          movies: [...person.entries.values()]
            .map((entry) => entry.edit)
            .filter((entry) => entry.list === `list:${edit.id}` && entry.present)
            .sort((a, b) => ((a.movie?.position ?? '') < (b.movie?.position ?? '') ? -1 : 1))
            .map((entry) => entry.movieId),
        }))
    },
    hideSeen: (email: string) => held(email).hideSeen,
    services: (email: string) => held(email).services,
    reset: () => {
      people.clear()
      requests.length = 0
      failures.length = 0
    },
  }
}
