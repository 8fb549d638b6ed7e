import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { tmdbScenario } from '@/mocks/scenarios'
import { db, server } from '@/mocks/server'
import { fightClubWithOffers as fightClub } from '../real-tmdb'
import { renderRoute } from '../render-route'

const section = () => screen.getByRole('region', { name: 'Where to watch' })
const group = (name: string) =>
  within(section()).getByRole('heading', { level: 3, name }).parentElement as HTMLElement

describe('Where to watch', () => {
  it('asks for the offers in the detail request, and shows the browser region’s by kind', async () => {
    const asked: URL[] = []
    server.use(
      tmdbScenario.respond('movie', (request) => {
        asked.push(new URL(request.url))
        return fightClub
      }),
    )
    await renderRoute('/movie/550')
    await screen.findByRole('heading', { level: 1, name: 'Fight Club' })
    expect(asked[0]?.searchParams.get('append_to_response')?.split(',')).toContain(
      'watch/providers',
    )
    expect(
      within(section())
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Stream', 'Rent', 'Buy'])
    const streaming = within(group('Stream')).getAllByRole('link')
    expect(streaming[0]).toHaveAccessibleName('fuboTV (Stream, opens in a new tab)')
    expect(streaming[1]).toHaveAccessibleName('Hulu (Stream, opens in a new tab)')
    expect(streaming[0]).toHaveAttribute(
      'href',
      'https://www.themoviedb.org/movie/550-fight-club/watch?locale=US',
    )
    expect(within(section()).getByText('Data from JustWatch')).toBeInTheDocument()
  })

  it('offers the countries TMDB returned, by name, and shows the one chosen', async () => {
    server.use(tmdbScenario.respond('movie', fightClub))
    const { user } = await renderRoute('/movie/550')
    await screen.findByRole('heading', { level: 1, name: 'Fight Club' })
    const picker = within(section()).getByRole('combobox', { name: 'Region' })
    const names = within(picker)
      .getAllByRole('option')
      .map((option) => option.textContent)
    expect(names).toHaveLength(95)
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')))
    expect(picker).toHaveValue('US')
    await user.selectOptions(picker, 'Spain')
    expect(within(group('With ads')).getByRole('link')).toHaveAccessibleName(
      'Rakuten TV (With ads, opens in a new tab)',
    )
    expect(localStorage.getItem('watch-region')).toBe('"ES"')
  })

  it('says so where the region has nothing, and leaves the section out when TMDB sent no part', async () => {
    server.use(
      tmdbScenario.respond('movie', { ...fightClub, 'watch/providers': { id: 550, results: {} } }),
    )
    const { unmount } = await renderRoute('/movie/550')
    await screen.findByRole('heading', { level: 1, name: 'Fight Club' })
    expect(within(section()).getByText('Not available to stream in United States')).toBeVisible()
    unmount()

    server.use(tmdbScenario.respond('movie', { ...fightClub, 'watch/providers': 'broken' }))
    await renderRoute('/movie/550')
    await screen.findByRole('heading', { level: 1, name: 'Fight Club' })
    expect(screen.queryByRole('region', { name: 'Where to watch' })).not.toBeInTheDocument()
  })

  it('on the demo catalog, says it has no streaming data', async () => {
    const movie = db.movies[0]
    await renderRoute(`/movie/${String(movie?.id)}`)
    await screen.findByRole('heading', { level: 1, name: movie?.title })
    expect(within(section()).getByText('Not available to stream in United States')).toBeVisible()
    expect(within(section()).getByText('The demo catalog has no streaming data.')).toBeVisible()
  })
})
