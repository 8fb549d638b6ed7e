import { act, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { OFFLINE_MESSAGE } from '@/lib/offline-message'
import { db, server } from '@/mocks/server'
import { tmdbScenario } from '@/mocks/scenarios'
import { renderRoute } from '../render-route'

const movie = db.discover(1).results[3]

describe('a page that could not be loaded offline', () => {
  it('search: the spec’s failure text, and beside it that the connection is missing', async () => {
    server.use(tmdbScenario.networkError('search'))
    await renderRoute('/search?q=matrix')
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Error fetching data$/)
    expect(await screen.findByText(OFFLINE_MESSAGE)).toBeVisible()
  })

  it('search: TMDB’s own error is the failure text alone', async () => {
    server.use(tmdbScenario.fail('search', { status: 500 }))
    await renderRoute('/search?q=matrix')
    expect(await screen.findByText('Error fetching data')).toBeVisible()
    // The message's code loads with the failure; with a connection it still shows nothing.
    await import('@/components/ui/offline-message')
    expect(screen.queryByText(OFFLINE_MESSAGE)).not.toBeInTheDocument()
  })

  it('movie: the spec’s failure text and the offline message, then the movie once back online', async () => {
    if (!movie) throw new Error('the demo catalog is empty')
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    server.use(tmdbScenario.networkError('movie'))
    await renderRoute(`/movie/${String(movie.id)}`)
    expect(await screen.findByText('Failed to load movie details')).toBeVisible()
    expect(await screen.findByText(OFFLINE_MESSAGE)).toBeVisible()

    server.resetHandlers()
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true)
    act(() => {
      window.dispatchEvent(new Event('online'))
    })
    expect(await screen.findByRole('heading', { level: 1, name: movie.title })).toBeVisible()
    expect(screen.queryByText(OFFLINE_MESSAGE)).not.toBeInTheDocument()
    expect(screen.queryByText('Failed to load movie details')).not.toBeInTheDocument()
  })

  it('home: behaviour §8’s empty grid, offline too (the app’s offline notice says why)', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    server.use(tmdbScenario.networkError('discover'))
    const offline = await renderRoute('/')
    await waitFor(() => {
      const states = offline.queryClient.getQueryCache().getAll()
      expect(states.some((query) => query.state.status === 'error')).toBe(true)
    })
    expect(screen.getByRole('heading', { level: 1, name: 'CineList' })).toBeVisible()
    expect(screen.queryByRole('article')).not.toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })
})
