import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { registerUser } from '@/features/auth/accounts'
import { hideSeenKey, setHideSeen } from '@/features/lists/hide-seen'
import { toJson } from '@/features/lists/transfer/formats'
import { favorites } from '@/lib/movie-lists/favorites-store'
import { seenList, watchlist } from '@/lib/movie-lists/list-store'
import { namedLists } from '@/lib/movie-lists/named-lists'
import { useSessionStore } from '@/lib/session/session-store'
import { db } from '@/mocks/server'
import { captureDownloads } from '../downloads'
import { findToast as toast, mainNav } from '../queries'
import { renderRoute } from '../render-route'

const ALICE = { name: 'Alice', email: 'alice@example.com', password: 'Secret1!' }

function catalogMovie(index: number) {
  const movie = db.discover(1).results[index]
  if (!movie) throw new Error('empty catalog')
  return movie
}
const [first, second, third] = [catalogMovie(0), catalogMovie(1), catalogMovie(2)]
const entry = (movie: typeof first) => ({
  id: movie.id,
  title: movie.title,
  poster_path: movie.poster_path,
  release_date: movie.release_date,
  vote_average: movie.vote_average,
})

/** Alice signed in, with a film on each list and "Hide seen" on. */
function aliceWithLists() {
  useSessionStore.getState().signIn({ name: ALICE.name, email: ALICE.email })
  favorites.add(entry(first))
  favorites.add(entry(second))
  watchlist.add(entry(second))
  seenList.add(entry(third))
  setHideSeen(true)
}

const aliceKeys = [
  favorites.key(ALICE.email),
  watchlist.key(ALICE.email),
  seenList.key(ALICE.email),
  hideSeenKey(ALICE.email),
]

describe('The account page, with accounts in this browser', () => {
  it('is in the bar only while someone is signed in, and current there on its page', async () => {
    const { router } = await renderRoute('/')
    expect(mainNav().queryByRole('link', { name: 'Account' })).not.toBeInTheDocument()

    useSessionStore.getState().signIn({ name: ALICE.name, email: ALICE.email })
    await router.navigate({ to: '/account' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Account' })).toBeInTheDocument()
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
    // Desktop bar and mobile menu alike.
    for (const link of mainNav().getAllByRole('link', { name: 'Account', hidden: true })) {
      expect(link).toHaveAttribute('aria-current', 'page')
    }
    await waitFor(() => {
      expect(document.title).toBe('Account · CineList')
    })
    expect(screen.getByText(ALICE.email)).toBeInTheDocument()
  })

  it('offers what applies in this browser: the export and deleting the account', async () => {
    aliceWithLists()
    await renderRoute('/account')
    const sections = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)
    expect(sections).toEqual(['Export my data', 'Delete account'])
    expect(screen.getByRole('region', { name: 'Delete account' })).toContainElement(
      screen.getByLabelText('Password'),
    )
  })

  it('sends a visitor to the login page, as the other guarded pages do', async () => {
    const { router } = await renderRoute('/account')
    expect(router.state.location.pathname).toBe('/login')
    expect(router.state.location.search).toEqual({ redirect: '/account' })
    expect(await toast('You must be logged in to access this page')).toBeInTheDocument()
  })

  it('exports the profile and every list in one file, each list in its export format', async () => {
    aliceWithLists()
    const downloads = captureDownloads()
    const { user } = await renderRoute('/account')
    await user.click(screen.getByRole('button', { name: 'Export my data' }))

    expect(downloads).toHaveLength(1)
    const [file] = downloads
    expect(file?.name).toMatch(/^cinelist-account-\d{4}-\d{2}-\d{2}\.json$/)
    const content = (await file?.read()) as Record<string, unknown>
    const exportedAt = new Date(String(content.exportedAt))
    expect(file?.name).toBe(`cinelist-account-${exportedAt.toISOString().slice(0, 10)}.json`)
    const asExported = (
      list: 'favorites' | 'watchlist' | 'seen',
      store: { read: typeof favorites.read },
    ) => JSON.parse(toJson(list, store.read() ?? [], exportedAt)) as unknown
    expect(content).toEqual({
      format: 'cinelist-account',
      version: 1,
      exportedAt: exportedAt.toISOString(),
      profile: { name: ALICE.name, email: ALICE.email },
      lists: {
        favorites: asExported('favorites', favorites),
        watchlist: asExported('watchlist', watchlist),
        seen: asExported('seen', seenList),
      },
    })
    const lists = content.lists as Record<string, { movies: { id: number }[] }>
    expect(lists.favorites?.movies.map((movie) => movie.id)).toEqual([first.id, second.id])
    expect(lists.seen?.movies.map((movie) => movie.id)).toEqual([third.id])
  })

  it('adds the person’s own lists, each as its page exports it, once there are some', async () => {
    aliceWithLists()
    const made = namedLists.create({ name: 'Rainy day', description: 'Slow', ranked: true })
    if (!made.ok) throw new Error('the list was not made')
    namedLists.add(made.value.id, entry(third))
    namedLists.add(made.value.id, entry(first))
    const downloads = captureDownloads()
    const { user } = await renderRoute('/account')
    await user.click(screen.getByRole('button', { name: 'Export my data' }))
    const content = (await downloads[0]?.read()) as Record<string, unknown>
    expect(Object.keys(content.lists as object)).toEqual(['favorites', 'watchlist', 'seen'])
    expect(content.ownLists).toEqual([
      {
        format: 'cinelist',
        version: 1,
        list: 'named',
        name: 'Rainy day',
        description: 'Slow',
        ranked: true,
        exportedAt: content.exportedAt,
        movies: [
          expect.objectContaining({ position: 1, id: third.id }),
          expect.objectContaining({ position: 2, id: first.id }),
        ],
      },
    ])
  })

  it('refuses a wrong password and removes nothing', async () => {
    await registerUser(ALICE)
    aliceWithLists()
    const users = localStorage.getItem('users')
    const stored = aliceKeys.map((key) => localStorage.getItem(key))
    const { user, router } = await renderRoute('/account')

    await user.click(screen.getByRole('button', { name: 'Delete account' }))
    const password = screen.getByLabelText('Password')
    expect(password).toHaveAccessibleDescription('Password is required')
    expect(await toast('Please fix the errors')).toBeInTheDocument()

    await user.type(password, 'Wrong-pass1')
    await user.click(screen.getByRole('button', { name: 'Delete account' }))
    expect(await toast('Incorrect password')).toBeInTheDocument()
    expect(password).toHaveAttribute('aria-invalid', 'true')
    expect(password).toHaveAccessibleDescription('Incorrect password')
    expect(localStorage.getItem('users')).toBe(users)
    expect(aliceKeys.map((key) => localStorage.getItem(key))).toEqual(stored)
    expect(useSessionStore.getState().currentUser).toEqual({
      name: ALICE.name,
      email: ALICE.email,
    })
    expect(router.state.location.pathname).toBe('/account')
  })

  it('deletes the record and its lists, signs out and goes to the login page', async () => {
    await registerUser({ name: 'Bob', email: 'bob@example.com', password: 'Secret2!' })
    await registerUser(ALICE)
    // Bob's lists in the same browser stay as they are.
    useSessionStore.getState().signIn({ name: 'Bob', email: 'bob@example.com' })
    favorites.add(entry(first))
    const bobs = localStorage.getItem(favorites.key('bob@example.com'))
    aliceWithLists()
    const own = namedLists.create({ name: 'Rainy day', description: '', ranked: false })
    if (!own.ok) throw new Error('the list was not made')
    namedLists.add(own.value.id, entry(first))
    const { user, router } = await renderRoute('/account')

    const button = screen.getByRole('button', { name: 'Delete account' })
    await user.type(screen.getByLabelText('Password'), ALICE.password)
    await user.click(button)
    // Checking the password takes a while: the button waits meanwhile.
    expect(button).toBeDisabled()
    expect(await toast('Account deleted')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
    expect(localStorage.getItem('currentUser')).toBeNull()
    expect(mainNav().queryByRole('link', { name: 'Account' })).not.toBeInTheDocument()
    for (const key of aliceKeys) expect(localStorage.getItem(key), key).toBeNull()
    expect(Object.keys(localStorage).filter((key) => key.endsWith(`:${ALICE.email}`))).toEqual([])
    expect(localStorage.getItem(favorites.key('bob@example.com'))).toBe(bobs)
    const users = JSON.parse(localStorage.getItem('users') ?? '') as {
      users: { email: string }[]
    }
    expect(users.users.map((stored) => stored.email)).toEqual(['bob@example.com'])

    await user.type(screen.getByLabelText('Email'), ALICE.email)
    await user.type(screen.getByLabelText('Password'), ALICE.password)
    await user.click(screen.getByRole('button', { name: 'Login' }))
    expect(await toast('Incorrect email or password')).toBeInTheDocument()
  })
})
