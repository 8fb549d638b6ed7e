import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { startListSync, syncNow } from '@/features/lists/sync/engine'
import { readSyncState, writeSyncState } from '@/features/lists/sync/pending'
import { newSyncState } from '@/features/lists/sync/sync-state'
import { favorites } from '@/lib/movie-lists/favorites-store'
import { watchlist } from '@/lib/movie-lists/list-store'
import { namedLists, readEntries, readIndex } from '@/lib/movie-lists/named-lists'
import { useSessionStore } from '@/lib/session/session-store'
import { accountServer } from '@/mocks/server'
import { listSyncServer } from '../list-sync-server'
import { findToast, mainNav } from '../queries'
import { renderRoute } from '../render-route'
import { ANN, signedInOnServer, withServerAccounts } from '../server-accounts'
import { alien, matrix } from '../list-movies'

const account = listSyncServer()
const email = ANN.email
const listKeys = () => Object.keys(localStorage).filter((key) => key.endsWith(`:${email}`))

withServerAccounts()

beforeEach(() => {
  account.reset()
  account.listen()
})

/** The sync's requests fail, as with no connection, for the rest of the test. */
function goOffline() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
  account.failures.push(...Array.from({ length: 50 }, () => () => HttpResponse.error()))
}

async function syncingUser() {
  await signedInOnServer()
  writeSyncState(email, newSyncState(false))
  onTestFinished(startListSync())
}

describe('the account page', () => {
  it('says all changes are saved once they reach the account', async () => {
    await syncingUser()
    await renderRoute('/account')
    watchlist.add(matrix)
    await syncNow()
    expect(screen.getByRole('status')).toHaveTextContent('All changes saved')
    expect(account.ids(email, 'watchlist')).toEqual([603])
  })

  it('counts the changes waiting while offline', async () => {
    await syncingUser()
    goOffline()
    await renderRoute('/account')
    watchlist.add(matrix)
    favorites.add(alien)
    await syncNow()
    expect(await screen.findByRole('status')).toHaveTextContent('Offline: 2 changes waiting')
  })

  it('says it is retrying when the server fails', async () => {
    await syncingUser()
    account.failures.push(
      ...Array.from({ length: 5 }, () => () => HttpResponse.json({}, { status: 503 })),
    )
    await renderRoute('/account')
    watchlist.add(matrix)
    await syncNow()
    expect(await screen.findByRole('status')).toHaveTextContent('Could not save changes: retrying')
  })
})

describe('signing out', () => {
  it('sends the waiting changes, then keeps none of the lists in this browser', async () => {
    await syncingUser()
    const { user, router } = await renderRoute('/')
    watchlist.add(matrix)
    await user.click(mainNav().getByRole('button', { name: 'Logout' }))
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login')
    })
    expect(account.ids(email, 'watchlist')).toEqual([603])
    expect(listKeys()).toEqual([])
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('asks first when changes could not be sent, and stays signed in on "Stay signed in"', async () => {
    await syncingUser()
    goOffline()
    const { user, router } = await renderRoute('/')
    watchlist.add(matrix)
    await user.click(mainNav().getByRole('button', { name: 'Logout' }))
    const dialog = await screen.findByRole('dialog', {
      name: '1 change is not saved to your account yet. Sign out anyway?',
    })
    expect(within(dialog).getByRole('button', { name: 'Stay signed in' })).toHaveFocus()
    await user.click(within(dialog).getByRole('button', { name: 'Stay signed in' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(useSessionStore.getState().currentUser?.email).toBe(email)
    expect(router.state.location.pathname).toBe('/')
    expect(readSyncState(email)?.pending).toHaveLength(1)

    favorites.add(alien)
    await user.click(mainNav().getByRole('button', { name: 'Logout' }))
    await user.click(
      within(
        await screen.findByRole('dialog', {
          name: '2 changes are not saved to your account yet. Sign out anyway?',
        }),
      ).getByRole('button', { name: 'Sign out anyway' }),
    )
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login')
    })
    expect(useSessionStore.getState().currentUser).toBeNull()
    expect(listKeys()).toEqual([])
  })

  it('does the same for "Sign out everywhere" on the account page', async () => {
    await syncingUser()
    const { user, router } = await renderRoute('/account')
    watchlist.add(matrix)
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }))
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login')
    })
    expect(account.ids(email, 'watchlist')).toEqual([603])
    expect(listKeys()).toEqual([])
    expect(accountServer.sessionCount(email)).toBe(0)
  })

  it('keeps the changes for the next sign-in when the session had ended elsewhere (401)', async () => {
    await syncingUser()
    const { user, router } = await renderRoute('/')
    accountServer.endSessions(email)
    watchlist.add(matrix)
    await user.click(mainNav().getByRole('button', { name: 'Logout' }))
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login')
    })
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(readSyncState(email)?.pending.map((edit) => edit.movieId)).toEqual([603])
    expect(listKeys()).toContain(`watchlist:${email}`)
  })
})

/** A list of the person's own, made on another device and synced from there. */
const madeElsewhere = (id: string, name: string) =>
  account.editElsewhere(email, [], {}, [
    {
      id,
      present: true,
      editedAt: 2000,
      meta: { name, description: '', ranked: false, createdAt: '2026-01-01T00:00:00.000Z' },
    },
  ])

describe('bringing in lists this browser holds', () => {
  beforeEach(async () => {
    await signedInOnServer()
    watchlist.add(matrix)
    // On the account too, as another device saved it: counted once, kept as the account has it.
    favorites.add(alien)
    account.editElsewhere(email, [
      {
        list: 'favorites',
        movieId: 348,
        present: true,
        editedAt: 1000,
        movie: { ...alien, vote_average: null, added_at: null },
      },
    ])
  })

  it('offers once to add them to the account, as an import: what it lacks is added, nothing replaced', async () => {
    await renderRoute('/')
    onTestFinished(startListSync())
    expect(
      await findToast('This browser has lists saved for you. Add them to your account?'),
    ).toBeInTheDocument()
    expect(account.requests).toEqual([])
    // A click without the pointer's press: the toast's swipe handling needs pointer capture,
    // which jsdom lacks.
    fireEvent.click(screen.getByRole('button', { name: 'Add to account' }))
    expect(
      await findToast('Lists added to your account: Imported 1 · already there 1'),
    ).toBeInTheDocument()
    await waitFor(() => {
      expect(account.ids(email, 'watchlist')).toEqual([603])
    })
    expect(account.ids(email, 'favorites')).toEqual([348])
    // The account's copy of Alien stands: it was not sent again.
    expect(account.entry(email, 'favorites', 348)?.editedAt).toBe(1000)
    await waitFor(() => {
      expect(favorites.read()).toEqual([{ ...alien, vote_average: null, added_at: null }])
    })
    expect(watchlist.read()?.map((movie) => movie.id)).toEqual([603])
    await waitFor(() => {
      expect(readSyncState(email)).toMatchObject({ pending: [], fresh: false })
    })
  })

  it('takes the films it added out again on Undo, and nothing else', async () => {
    await renderRoute('/')
    onTestFinished(startListSync())
    await findToast('This browser has lists saved for you. Add them to your account?')
    fireEvent.click(screen.getByRole('button', { name: 'Add to account' }))
    await findToast('Lists added to your account: Imported 1 · already there 1')
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }))
    expect(
      await findToast('Lists not added: your account’s lists are as they were.'),
    ).toBeInTheDocument()
    expect(watchlist.read()).toEqual([])
    await syncNow()
    await waitFor(() => {
      expect(account.ids(email, 'watchlist')).toEqual([])
    })
    expect(account.ids(email, 'favorites')).toEqual([348])
  })

  it('says so when the server cannot be reached, and asks again later with nothing changed', async () => {
    await renderRoute('/')
    const stop = startListSync()
    await findToast('This browser has lists saved for you. Add them to your account?')
    account.failures.push(() => HttpResponse.error())
    fireEvent.click(screen.getByRole('button', { name: 'Add to account' }))
    expect(await findToast('Could not reach the server. Try again.')).toBeInTheDocument()
    expect(readSyncState(email)).toBeNull()
    expect(watchlist.read()?.map((movie) => movie.id)).toEqual([603])
    expect(account.ids(email, 'watchlist')).toEqual([])
    stop()
    onTestFinished(startListSync())
    await waitFor(() => {
      expect(screen.getAllByRole('button', { name: 'Add to account' }).length).toBeGreaterThan(0)
    })
  })

  it('brings the person’s own lists too, their films in order, and Undo takes them out again', async () => {
    const made = namedLists.create({ name: 'Halloween', description: '', ranked: true })
    if (!made.ok) throw new Error('the list was not made')
    namedLists.add(made.value.id, matrix)
    namedLists.add(made.value.id, alien)
    namedLists.move(made.value.id, alien.id, 0)
    await renderRoute('/')
    onTestFinished(startListSync())
    await findToast('This browser has lists saved for you. Add them to your account?')
    fireEvent.click(screen.getByRole('button', { name: 'Add to account' }))
    expect(
      await findToast('Lists added to your account: Imported 3 · already there 1'),
    ).toBeInTheDocument()
    await waitFor(() => {
      expect(account.namedLists(email)).toEqual([{ name: 'Halloween', movies: [348, 603] }])
    })
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }))
    await findToast('Lists not added: your account’s lists are as they were.')
    expect(readIndex(email)).toEqual([])
    await syncNow()
    await waitFor(() => {
      expect(account.namedLists(email)).toEqual([])
    })
  })

  it('brings a list named as one of the account’s in under a free name', async () => {
    const mine = namedLists.create({ name: 'halloween', description: '', ranked: false })
    if (!mine.ok) throw new Error('the list was not made')
    madeElsewhere('5d2e8f1a-6b3c-4d9e-8f7a-1b2c3d4e5f60', 'Halloween')
    await renderRoute('/')
    onTestFinished(startListSync())
    await findToast('This browser has lists saved for you. Add them to your account?')
    fireEvent.click(screen.getByRole('button', { name: 'Add to account' }))
    await waitFor(() => {
      expect(account.namedLists(email).map((list) => list.name)).toEqual([
        'Halloween',
        'halloween (2)',
      ])
    })
    await waitFor(() => {
      expect(
        readIndex(email)
          .map((list) => list.name)
          .sort(),
      ).toEqual(['Halloween', 'halloween (2)'])
    })
  })

  it('replaces the person’s own lists with the account’s when declined', async () => {
    const mine = namedLists.create({ name: 'Only here', description: '', ranked: false })
    if (!mine.ok) throw new Error('the list was not made')
    namedLists.add(mine.value.id, matrix)
    madeElsewhere('0b6f0e7c-5d38-4a52-9a4c-2d7e1f3a8b90', 'From the phone')
    await renderRoute('/')
    onTestFinished(startListSync())
    await findToast('This browser has lists saved for you. Add them to your account?')
    fireEvent.click(screen.getByRole('button', { name: 'Don’t add' }))
    await waitFor(() => {
      expect(readIndex(email).map((list) => list.name)).toEqual(['From the phone'])
    })
    expect(readEntries(email, mine.value.id)).toEqual([])
    expect(account.namedLists(email)).toEqual([{ name: 'From the phone', movies: [] }])
  })

  it('replaces them with the account’s when declined, and does not ask again', async () => {
    await renderRoute('/')
    const stop = startListSync()
    await findToast('This browser has lists saved for you. Add them to your account?')
    fireEvent.click(screen.getByRole('button', { name: 'Don’t add' }))
    await waitFor(() => {
      expect(watchlist.read()).toEqual([])
    })
    expect(favorites.read()).toEqual([{ ...alien, vote_average: null, added_at: null }])
    expect(account.ids(email, 'watchlist')).toEqual([])
    stop()
    // Another visit: synced, not offered.
    onTestFinished(startListSync())
    await syncNow()
    await waitFor(() => {
      expect(screen.queryByText(/Add them to your account/)).not.toBeInTheDocument()
    })
    expect(watchlist.read()).toEqual([])
  })
})
