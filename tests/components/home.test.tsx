import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { db, server } from '@/mocks/server'
import { renderRoute } from '../render-route'

const DISCOVER = 'https://api.themoviedb.org/3/discover/movie'

describe('Home', () => {
  it('shows the hero and the first page of popular movies', async () => {
    await renderRoute('/')
    expect(screen.getByRole('heading', { level: 1, name: 'CineList' })).toBeInTheDocument()
    expect(
      screen.getByText('Discover amazing movies and build your personal favorites collection'),
    ).toBeInTheDocument()
    const grid = await screen.findByRole('region', { name: 'Popular Movies' })
    expect(within(grid).getAllByRole('article')).toHaveLength(20)
    const first = db.discover(1).results[0]
    expect(first).toBeDefined()
    expect(screen.getByRole('img', { name: first?.title })).toBeInTheDocument()
  })

  it('only logs a failed popular request', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    server.use(http.get(DISCOVER, () => HttpResponse.json({ status_code: 7 }, { status: 401 })))
    await renderRoute('/')
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument()
    expect(screen.queryByRole('article')).not.toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(log).toHaveBeenCalled()
  })
})
