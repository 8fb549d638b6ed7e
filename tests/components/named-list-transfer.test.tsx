import {
  createMemoryHistory,
  createRootRouteWithContext,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, it, vi } from 'vitest'
import { tmdbConfig } from '@/config/env'
import { ListTransfer } from '@/features/lists/components/list-transfer'
import {
  connectNamedLists,
  namedLists,
  positioned,
  readEntries,
  useNamedLists,
} from '@/lib/movie-lists/named-lists'
import { useSessionStore } from '@/lib/session/session-store'
import { createTmdbClient, type TmdbClient } from '@/lib/tmdb'
import { db } from '@/mocks/server'
import { storedLists } from '@/routes/-components/stored-lists'
import { captureDownloads } from '../downloads'

afterEach(() => {
  vi.restoreAllMocks()
})

const EMAIL = 'alice@example.com'
const [first, second] = db.movies
if (!first || !second) throw new Error('short catalog')

function NamedTransfer({ listId }: { listId: string }) {
  const list = useNamedLists((state) => state.lists.find((each) => each.id === listId))
  if (!list) return null
  return (
    <ListTransfer
      target={{
        kind: 'named',
        listId,
        listName: list.name,
        description: list.description,
        ranked: list.ranked,
        movies: list.movies,
        lists: storedLists,
      }}
    />
  )
}

async function renderNamed(listId: string) {
  const root = createRootRouteWithContext<{ tmdb: TmdbClient }>()({
    component: () => <NamedTransfer listId={listId} />,
  })
  const router = createRouter({
    routeTree: root,
    context: { tmdb: createTmdbClient(tmdbConfig) },
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
  const user = userEvent.setup()
  render(<RouterProvider router={router} />)
  await router.load()
  return user
}

it('exports a named list as its JSON, and imports into it with Undo', async () => {
  useSessionStore.getState().signIn({ name: 'Alice', email: EMAIL })
  const disconnect = connectNamedLists()
  try {
    const made = namedLists.create({ name: 'Halloween 🎃', description: 'Scary.', ranked: true })
    if (!made.ok) throw new Error('list not made')
    const id = made.value.id
    namedLists.saveMovies(id, positioned([{ id: first.id, title: first.title }]))
    const before = readEntries(EMAIL, id)
    const downloads = captureDownloads()
    const user = await renderNamed(id)

    await user.click(await screen.findByRole('button', { name: 'Export JSON' }))
    await waitFor(() => {
      expect(downloads).toHaveLength(1)
    })
    const [file] = downloads
    expect(file?.name).toMatch(/^cinelist-list-halloween-\d{4}-\d{2}-\d{2}\.json$/)
    expect(await file?.read()).toMatchObject({
      list: 'named',
      name: 'Halloween 🎃',
      description: 'Scary.',
      ranked: true,
      movies: [{ position: 1, id: first.id, title: first.title }],
    })
    await user.click(screen.getByRole('button', { name: 'Export CSV' }))
    await waitFor(() => {
      expect(downloads.map((each) => each.name.slice(-4))).toEqual(['json', '.csv'])
    })

    await user.upload(
      screen.getByLabelText('Import a list file'),
      new File([`tmdbID,Title\n${String(first.id)},x\n${String(second.id)},y\n`], 'l.csv'),
    )
    const status = screen.getByRole('status', { name: 'Import summary' })
    expect(
      await within(status).findByText('Imported 1 · already there 1 · not found 0'),
    ).toBeInTheDocument()
    expect(readEntries(EMAIL, id).map((movie) => movie.id)).toEqual([first.id, second.id])

    await user.click(screen.getByRole('button', { name: 'Undo' }))
    // The toast saying so is the app's; here the summary goes, and the list is as it was.
    await waitFor(() => {
      expect(status).toBeEmptyDOMElement()
    })
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument()
    expect(readEntries(EMAIL, id)).toEqual(before)
  } finally {
    disconnect()
  }
})
