import { screen, waitFor, within } from '@testing-library/react'
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
    await waitFor(() => {
      expect(log).toHaveBeenCalledTimes(1)
    })
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument()
    expect(screen.queryByRole('article')).not.toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })
})

describe('Home pagination', () => {
  const pagination = () => screen.getByRole('navigation', { name: 'Pagination' })
  const numbers = () =>
    within(pagination())
      .getAllByRole('button')
      .map((button) => button.textContent)
      .filter((text) => /^\d+$/.test(text))

  it('on page 1: Previous disabled, buttons 1..5, the current one marked', async () => {
    await renderRoute('/')
    await screen.findByRole('region', { name: 'Popular Movies' })
    expect(within(pagination()).getByRole('button', { name: 'Previous' })).toBeDisabled()
    expect(within(pagination()).getByRole('button', { name: 'Next' })).toBeEnabled()
    expect(numbers()).toEqual(['1', '2', '3', '4', '5'])
    expect(within(pagination()).getByRole('button', { name: '1' })).toHaveAttribute(
      'aria-current',
      'page',
    )
  })

  it('moves with Next, a number and Previous, keeping the page in the URL', async () => {
    const { user, router } = await renderRoute('/')
    await screen.findByRole('region', { name: 'Popular Movies' })
    await user.click(within(pagination()).getByRole('button', { name: 'Next' }))
    expect(
      await within(pagination()).findByRole('button', { name: '2', current: 'page' }),
    ).toBeInTheDocument()
    expect(router.state.location.search).toEqual({ page: 2 })
    // The grid follows in a transition, a moment after the pagination.
    expect(
      await screen.findByRole('img', { name: db.discover(2).results[0]?.title }),
    ).toBeInTheDocument()

    await user.click(within(pagination()).getByRole('button', { name: '6' }))
    expect(
      await within(pagination()).findByRole('button', { name: '6', current: 'page' }),
    ).toBeInTheDocument()
    expect(numbers()).toHaveLength(10)

    await user.click(within(pagination()).getByRole('button', { name: 'Previous' }))
    expect(
      await within(pagination()).findByRole('button', { name: '5', current: 'page' }),
    ).toBeInTheDocument()
    expect(router.state.location.search).toEqual({ page: 5 })
  })

  it('on the last page: Next disabled and no button past the total', async () => {
    const last = db.discover(1).total_pages
    await renderRoute(`/?page=${String(last)}`)
    await screen.findByRole('region', { name: 'Popular Movies' })
    expect(within(pagination()).getByRole('button', { name: 'Next' })).toBeDisabled()
    expect(numbers().at(-1)).toBe(String(last))
    expect(numbers()).toHaveLength(last)
  })

  it.each(['abc', '-1', '0', '2.5', '501'])('falls back to page 1 for ?page=%s', async (page) => {
    await renderRoute(`/?page=${page}`)
    await screen.findByRole('region', { name: 'Popular Movies' })
    expect(within(pagination()).getByRole('button', { name: '1' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    expect(screen.getByRole('img', { name: db.discover(1).results[0]?.title })).toBeInTheDocument()
  })

  it('cuts the overview to 80 characters followed by an ellipsis', async () => {
    const movie = db.discover(1).results.find((candidate) => candidate.overview.length > 80)
    if (!movie) throw new Error('no long overview on page 1')
    await renderRoute('/')
    expect(await screen.findByText(`${movie.overview.slice(0, 80)}...`)).toBeInTheDocument()
  })
})
