import { waitFor } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { connectListsToSession } from '@/features/lists/connect'
import { setHideSeen, useHideSeenStore } from '@/features/lists/hide-seen'
import { flushPending, startListSync, syncNow, withListLock } from '@/features/lists/sync/engine'
import { exchange } from '@/features/lists/sync/exchange'
import { readSyncState, syncStateKey, writeSyncState } from '@/features/lists/sync/pending'
import { newSyncState } from '@/features/lists/sync/sync-state'
import { forgetSyncedLists } from '@/features/lists/sync/sign-out'
import { syncStatusText, useSyncStatus } from '@/features/lists/sync/status'
import { favorites } from '@/lib/movie-lists/favorites-store'
import { seenList, watchlist, type ListEntry } from '@/lib/movie-lists/list-store'
import { useSessionStore } from '@/lib/session/session-store'
import { readServices, servicesKey, setServices, useServicesStore } from '@/lib/watch/services'
import { accountServer } from '@/mocks/server'
import { listSyncServer } from '../list-sync-server'
import { ANN, signedInOnServer, withServerAccounts } from '../server-accounts'
import { alien, matrix } from '../list-movies'

const heat = { id: 949, title: 'Heat', poster_path: '/h.jpg', release_date: '1995-12-15' }

const account = listSyncServer()
const email = ANN.email
const state = () => readSyncState(email)
const ids = (entries: readonly { id: number }[] | null) => entries?.map((entry) => entry.id)
const statusText = () => syncStatusText(useSyncStatus.getState())
const later = (ms: number) => Date.now() + ms
const anyTime = expect.any(Number) as number

let disconnects: (() => void)[] = []
beforeEach(() => {
  account.reset()
  account.listen()
  useSyncStatus.setState({ phase: 'saved', pending: 0, message: null })
  disconnects = [favorites.connect(), connectListsToSession()]
})
afterEach(() => {
  for (const disconnect of disconnects) disconnect()
})

describe('in local mode (a static host)', () => {
  it('records nothing and sends nothing', () => {
    useSessionStore.getState().signIn({ name: 'Ann', email })
    watchlist.add(matrix)
    setHideSeen(true)
    expect(Object.keys(localStorage).sort()).toEqual([
      'currentUser',
      `hide-seen:${email}`,
      `watchlist:${email}`,
    ])
    expect(account.requests).toEqual([])
  })
})

describe('with accounts on the server', () => {
  withServerAccounts()

  describe('recording', () => {
    beforeEach(async () => {
      await signedInOnServer()
    })

    it('records nothing for a user who never synced from this browser', () => {
      watchlist.add(matrix)
      expect(localStorage.getItem(syncStateKey(email))).toBeNull()
      expect(ids(watchlist.read())).toEqual([603])
    })

    it('keeps one waiting edit per entry, the latest, with the list saved in the same step', () => {
      writeSyncState(email, newSyncState(false))
      watchlist.add(matrix)
      seenList.toggle(alien)
      seenList.toggle(alien)
      favorites.add(heat)
      setHideSeen(true)
      expect(state()?.pending).toEqual([
        { list: 'watchlist', movieId: 603, present: true, editedAt: anyTime },
        { list: 'seen', movieId: 348, present: false, editedAt: anyTime },
        { list: 'favorites', movieId: 949, present: true, editedAt: anyTime },
      ])
      expect(state()?.hideSeen).toEqual({ value: true, editedAt: anyTime })
    })

    it('records only what a whole-list save (an import, its undo) changed', () => {
      watchlist.add(matrix)
      watchlist.add(alien)
      writeSyncState(email, newSyncState(false))
      const before = watchlist.read() ?? []
      watchlist.replace([...before, { ...heat, added_at: '2024-01-01T00:00:00.000Z' }])
      expect(state()?.pending.map((edit) => [edit.movieId, edit.present])).toEqual([[949, true]])
      watchlist.replace(before)
      expect(state()?.pending.map((edit) => [edit.movieId, edit.present])).toEqual([[949, false]])
    })

    it('saves neither the list nor the edit when storage refuses the edit', () => {
      writeSyncState(email, newSyncState(false))
      const write = localStorage.setItem.bind(localStorage)
      vi.spyOn(Storage.prototype, 'setItem').mockImplementation((key: string, value: string) => {
        if (key.startsWith('list-sync:')) {
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
        }
        write(key, value)
      })
      expect(() => watchlist.add(matrix)).toThrow('Browser storage is full')
      expect(watchlist.read()).toEqual([])
      expect(watchlist.useStore.getState().movies).toEqual([])
    })
  })

  describe('syncing', () => {
    beforeEach(async () => {
      await signedInOnServer()
      writeSyncState(email, newSyncState(false))
    })

    it('sends the waiting edits with what each entry shows, then only what changed since', async () => {
      watchlist.add(matrix)
      seenList.add(alien)
      await syncNow()
      expect(account.requests).toHaveLength(1)
      expect(account.requests[0]).toMatchObject({ since: 0 })
      expect(account.requests[0]?.changes).toEqual([
        {
          list: 'watchlist',
          movieId: 603,
          present: true,
          editedAt: anyTime,
          movie: {
            title: 'The Matrix',
            poster_path: '/m.jpg',
            release_date: '1999-03-31',
            vote_average: 8.2,
            added_at: watchlist.read()?.[0]?.added_at,
          },
        },
        expect.objectContaining({ list: 'seen', movieId: 348, present: true }),
      ])
      expect(account.ids(email, 'watchlist')).toEqual([603])
      expect(state()).toMatchObject({ since: 1, pending: [] })
      expect(statusText()).toBe('All changes saved')

      watchlist.remove(603)
      await syncNow()
      expect(account.requests[1]).toEqual({
        since: 1,
        changes: [{ list: 'watchlist', movieId: 603, present: false, editedAt: anyTime }],
      })
      expect(account.ids(email, 'watchlist')).toEqual([])
    })

    it('brings in what other devices did, keeping a later edit made here', async () => {
      seenList.add(alien)
      account.editElsewhere(email, [
        {
          list: 'favorites',
          movieId: 949,
          present: true,
          editedAt: 1000,
          movie: { ...heat, vote_average: null, added_at: '2020-05-01T10:00:00.000Z' },
        },
        // Older than the add made here: the add stands.
        { list: 'seen', movieId: 348, present: false, editedAt: 1000 },
      ])
      await syncNow()
      expect(favorites.read()).toEqual([
        {
          id: 949,
          title: 'Heat',
          poster_path: '/h.jpg',
          release_date: '1995-12-15',
          vote_average: null,
          added_at: '2020-05-01T10:00:00.000Z',
        },
      ])
      expect(ids(favorites.useStore.getState().movies)).toEqual([949])
      expect(ids(seenList.read())).toEqual([348])
      expect(account.ids(email, 'seen')).toEqual([348])

      // A removal elsewhere, later than the add: it goes here too.
      account.editElsewhere(email, [
        { list: 'seen', movieId: 348, present: false, editedAt: later(60_000) },
      ])
      await syncNow()
      expect(seenList.read()).toEqual([])
    })

    it('follows "Hide seen", the later choice winning', async () => {
      account.editElsewhere(email, [], { hideSeen: { value: true, editedAt: 1000 } })
      await syncNow()
      expect(useHideSeenStore.getState().hideSeen).toBe(true)
      setHideSeen(false)
      await syncNow()
      expect(account.hideSeen(email)?.value).toBe(false)
      expect(state()?.hideSeen).toBeNull()
    })

    it('follows My services, the later choice winning, and forgets them at sign-out', async () => {
      const netflix = { id: 8, name: 'Netflix' }
      const hulu = { id: 15, name: 'Hulu' }
      account.editElsewhere(email, [], { services: { value: [netflix], editedAt: 1000 } })
      await syncNow()
      expect(useServicesStore.getState().services).toEqual([netflix])
      setServices([hulu, netflix, hulu])
      expect(state()?.services).toEqual({ value: [netflix, hulu], editedAt: anyTime })
      await syncNow()
      expect(account.services(email)?.value).toEqual([netflix, hulu])
      expect(state()?.services).toBeNull()
      // An older choice from elsewhere loses to the one made here.
      account.editElsewhere(email, [], { services: { value: [], editedAt: 2000 } })
      await syncNow()
      expect(readServices(email)).toEqual([netflix, hulu])
      forgetSyncedLists(email)
      expect(localStorage.getItem(servicesKey(email))).toBeNull()
    })

    it('keeps an edit made while its request was out, and sends it next', async () => {
      watchlist.add(matrix)
      account.failures.push(() => {
        // The request is on its way: an edit is made meanwhile.
        watchlist.add(alien)
        return undefined
      })
      await syncNow()
      expect(state()?.pending.map((edit) => edit.movieId)).toEqual([348])
      expect(ids(watchlist.read())).toEqual([603, 348])
      await syncNow()
      expect(account.ids(email, 'watchlist')).toEqual([348, 603])
      expect(state()?.pending).toEqual([])
    })

    it('asks again at once while the account’s changes come in pages', async () => {
      account.failures.push(() =>
        HttpResponse.json({
          seq: 4,
          changes: [{ list: 'seen', movieId: 949, present: true, editedAt: 5, movie: heat }],
          hideSeen: null,
          more: true,
        }),
      )
      await syncNow()
      expect(account.requests.map(({ since }) => since)).toEqual([0, 4])
      expect(ids(seenList.read())).toEqual([949])
    })

    it('keeps the entries the account had no room for waiting, and says why', async () => {
      const message =
        'Your lists hold the most entries an account can keep (30,000). Remove some to add more.'
      watchlist.add(matrix)
      seenList.add(alien)
      account.failures.push(() =>
        HttpResponse.json({
          seq: 1,
          changes: [],
          hideSeen: null,
          refused: [{ list: 'watchlist', movieId: 603 }],
          error: message,
        }),
      )
      await syncNow()
      expect(state()?.pending.map((edit) => edit.movieId)).toEqual([603])
      expect(statusText()).toBe(message)
      expect(ids(watchlist.read())).toEqual([603])
      await syncNow()
      expect(account.ids(email, 'watchlist')).toEqual([603])
      expect(statusText()).toBe('All changes saved')
    })

    it.each([
      ['fails (5xx)', () => new HttpResponse(null, { status: 503 })],
      [
        'is busy (429)',
        () => new HttpResponse(null, { status: 429, headers: { 'Retry-After': '1' } }),
      ],
      ['cannot be reached', () => HttpResponse.error()],
    ])(
      'keeps the edits when the server %s, says it is retrying, and retries by itself',
      async (_, reply) => {
        const stop = startListSync()
        try {
          await waitFor(() => {
            expect(account.requests).toHaveLength(1)
          })
          account.failures.push(reply)
          // The retry waits on a timer, of a second or two: the clock is moved rather than waited on.
          vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true })
          watchlist.add(matrix)
          await waitFor(() => {
            expect(statusText()).toBe('Could not save changes: retrying')
          })
          expect(state()?.pending).toHaveLength(1)
          await vi.runOnlyPendingTimersAsync()
          await waitFor(() => {
            expect(account.ids(email, 'watchlist')).toEqual([603])
          })
          await waitFor(() => {
            expect(statusText()).toBe('All changes saved')
          })
          expect(state()?.pending).toEqual([])
          // Sent in the failed request and again in the one that worked, held once.
          const sent = account.requests.flatMap((request) => request.changes)
          expect(sent.filter((edit) => edit.movieId === 603)).toHaveLength(2)
        } finally {
          vi.useRealTimers()
          stop()
        }
      },
    )

    it('says how many edits wait while offline, and keeps them in storage for a reload', async () => {
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
      server503Forever()
      watchlist.add(matrix)
      seenList.add(alien)
      expect(await flushPending()).toBe(2)
      expect(statusText()).toBe('Offline: 2 changes waiting')
      // What a reload finds: the lists and the edits, both in storage.
      expect(readSyncState(email)?.pending.map((edit) => edit.movieId)).toEqual([603, 348])
      expect(ids(watchlist.read())).toEqual([603])
    })

    it('signs out when the session has ended elsewhere (401), keeping the edits for next time', async () => {
      watchlist.add(matrix)
      accountServer.endSessions(email)
      await syncNow()
      expect(useSessionStore.getState().currentUser).toBeNull()
      expect(state()?.pending.map((edit) => edit.movieId)).toEqual([603])
      await signedInOnServer()
      await syncNow()
      expect(account.ids(email, 'watchlist')).toEqual([603])
      expect(state()?.pending).toEqual([])
    })

    it('sends an edit once when two tabs sync at the same time', async () => {
      watchlist.add(matrix)
      // Two tabs' syncs, each taking the lock: the second finds the edit already sent.
      await Promise.all([
        withListLock(email, () => exchange(email)),
        withListLock(email, () => exchange(email)),
      ])
      const sent = account.requests.flatMap((request) => request.changes)
      expect(sent).toHaveLength(1)
      expect(account.requests[1]).toEqual({ since: 1, changes: [] })
    })

    it('syncs 10,000 entries, then sends only what changed', async () => {
      const many: ListEntry[] = Array.from({ length: 10_000 }, (_, index) => ({
        id: index + 1,
        title: `Film ${String(index + 1)}`,
        poster_path: null,
        release_date: '2000-01-01',
        vote_average: 5,
        added_at: '2024-01-01T00:00:00.000Z',
      }))
      watchlist.replace(many)
      await syncNow()
      expect(account.requests.map((request) => request.changes.length)).toEqual([5000, 5000])
      expect(account.ids(email, 'watchlist')).toHaveLength(10_000)
      watchlist.remove(42)
      await syncNow()
      expect(account.requests[2]?.changes).toEqual([
        { list: 'watchlist', movieId: 42, present: false, editedAt: anyTime },
      ])
      expect(watchlist.read()).toHaveLength(9_999)
    })
  })
})

/** The sync request fails for the rest of the test, as offline. */
function server503Forever() {
  account.failures.push(...Array.from({ length: 20 }, () => () => HttpResponse.error()))
}
