import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { db, server } from '@/mocks/server'
import { tmdbScenario } from '@/mocks/scenarios'
import { linkTexts } from '../queries'
import { renderRoute } from '../render-route'
import { recordTmdbRequests } from '../tmdb-requests'

/** The search requests sent, as their query strings. */
const recordSearches = () => recordTmdbRequests('/search/movie', (url) => url.search)

const yearSelect = () => screen.getByRole('combobox', { name: 'Year' })
const resultTitles = (term: string) =>
  linkTexts(screen.getByRole('list', { name: `Results for “${term}”` }))

describe('Search by year', () => {
  it('sends the year with the search and shows only that year’s films', async () => {
    const queries = recordSearches()
    await renderRoute('/search?q=alien&year=1979')
    expect(await screen.findByRole('link', { name: 'Alien' })).toBeInTheDocument()
    expect(resultTitles('alien')).toEqual(['Alien'])
    expect(yearSelect()).toHaveValue('1979')
    expect(queries).toEqual(['?query=alien&page=1&primary_release_year=1979'])
    expect(document.title).toBe('Search: alien (1979) · CineList')
  })

  it('sends the year on every page it asks for', async () => {
    const term = 'the'
    const year = 1999
    const totalPages = db.search(term, 1, year).total_pages
    expect(totalPages).toBeGreaterThan(1)
    const queries = recordSearches()
    await renderRoute(`/search?q=${term}&year=${String(year)}`)
    await screen.findByRole('list', { name: `Results for “${term}”` })
    await waitFor(() => {
      expect(queries).toHaveLength(Math.min(totalPages, 5))
    })
    expect(queries.sort()).toEqual(
      Array.from(
        { length: Math.min(totalPages, 5) },
        (_, i) => `?query=${term}&page=${String(i + 1)}&primary_release_year=${String(year)}`,
      ).sort(),
    )
  })

  it('choosing a year keeps the term; choosing Any year sends the request of behaviour §7 again', async () => {
    const queries = recordSearches()
    const { user, router } = await renderRoute('/search?q=alien')
    await screen.findByRole('link', { name: 'Alien' })
    expect(yearSelect()).toHaveValue('')
    expect(queries).toEqual(['?query=alien&page=1'])

    await user.selectOptions(yearSelect(), '1979')
    await waitFor(() => {
      expect(router.state.location.search).toEqual({ q: 'alien', year: 1979 })
    })
    await waitFor(() => {
      expect(resultTitles('alien')).toEqual(['Alien'])
    })
    await user.selectOptions(yearSelect(), 'Any year')
    await waitFor(() => {
      expect(router.state.location.href).toBe('/search?q=alien')
    })
    // The search without a year is cached: nothing more is asked.
    expect(queries).toEqual([
      '?query=alien&page=1',
      '?query=alien&page=1&primary_release_year=1979',
    ])
  })

  it('ignores a year it does not offer', async () => {
    const queries = recordSearches()
    await renderRoute('/search?q=alien&year=1850')
    await screen.findByRole('link', { name: 'Alien' })
    expect(yearSelect()).toHaveValue('')
    expect(queries[0]).toBe('?query=alien&page=1')
  })

  it('shows the error message when the search with a year fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    server.use(
      tmdbScenario.fail(
        'search',
        { status: 503 },
        { when: (url) => url.searchParams.has('primary_release_year') },
      ),
    )
    await renderRoute('/search?q=alien&year=1979')
    expect(await screen.findByText('Error fetching data')).toBeInTheDocument()
  })
})
