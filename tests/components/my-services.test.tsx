import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { watchlist } from '@/lib/movie-lists/list-store'
import { useSessionStore } from '@/lib/session/session-store'
import { servicesKey, setServices } from '@/lib/watch/services'
import { tmdbScenario } from '@/mocks/scenarios'
import { db, server } from '@/mocks/server'
import { fightClubOffers, fightClubWithOffers as fightClub, readRealTmdb } from '../real-tmdb'
import { renderRoute } from '../render-route'
import { recordTmdbRequests } from '../tmdb-requests'

const ALICE = { name: 'Alice', email: 'alice@example.com' }
const signIn = () => {
  useSessionStore.getState().signIn(ALICE)
}

/** TMDB's list of services (recorded: 529 of them, with each country's priorities). */
const serviceList = readRealTmdb('people/ceg-watch-providers-movie.json') as Record<string, unknown>
const HULU = { id: 15, name: 'Hulu' }
const NETFLIX = { id: 8, name: 'Netflix' }

const servicesSection = () => screen.getByRole('main')
const stored = () => JSON.parse(localStorage.getItem(servicesKey(ALICE.email)) ?? 'null') as unknown

describe('My services, a page of the account', () => {
  it('is linked from the account page, with its own heading and title, and guarded', async () => {
    signIn()
    const { user, router } = await renderRoute('/account')
    await user.click(await screen.findByRole('link', { name: 'My services' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'My services' })).toBeVisible()
    expect(router.state.location.pathname).toBe('/account/services')
    await waitFor(() => {
      expect(document.title).toBe('My services · CineList')
    })
    useSessionStore.getState().signOut()
    const visitor = await renderRoute('/account/services')
    expect(visitor.router.state.location.pathname).toBe('/login')
  })

  it('lists the services TMDB knows in the person’s country, theirs first, and keeps the choice', async () => {
    const asked: URL[] = []
    server.use(
      tmdbScenario.respond('watchServices', (request) => {
        asked.push(new URL(request.url))
        return serviceList
      }),
    )
    signIn()
    const { user, unmount } = await renderRoute('/account/services')
    const section = servicesSection()
    // 529 boxes: found by label and counted by row, as role queries over them all are slow.
    const rows = () => [...section.querySelectorAll('li')].map((row) => row.textContent)
    await within(section).findByLabelText('Hulu')
    expect(rows()).toHaveLength(529)
    expect(asked[0]?.searchParams.get('watch_region')).toBe('US')
    expect(within(section).getByText('No services chosen')).toBeInTheDocument()

    await user.type(within(section).getByLabelText('Find a service'), 'hulu')
    await user.click(await within(section).findByLabelText('Hulu'))
    expect(within(section).getByText('1 service chosen')).toBeInTheDocument()
    expect(stored()).toEqual({ version: 1, services: [HULU] })

    await user.clear(within(section).getByLabelText('Find a service'))
    // Ticked during the visit, it stays in TMDB's order; on the next visit it comes first.
    expect(rows()[0]).not.toBe('Hulu')
    unmount()
    await renderRoute('/account/services')
    await within(servicesSection()).findByLabelText('Hulu')
    expect(servicesSection().querySelector('li')).toHaveTextContent(/^Hulu$/)
    await user.click(within(servicesSection()).getByRole('button', { name: 'Clear my services' }))
    // Unticked, it stays listed until the page is left.
    expect(within(servicesSection()).getByLabelText('Hulu')).not.toBeChecked()
    expect(stored()).toEqual({ version: 1, services: [] })
  })

  it('asks again for another country, and says when TMDB lists none there', async () => {
    server.use(
      tmdbScenario.respond(
        'watchRegions',
        readRealTmdb('people/ceg-watch-providers-regions.json') as Record<string, unknown>,
      ),
      tmdbScenario.respond(
        'watchServices',
        { results: [] },
        {
          when: (url) => url.searchParams.get('watch_region') === 'AD',
        },
      ),
      tmdbScenario.respond('watchServices', serviceList),
    )
    signIn()
    const { user } = await renderRoute('/account/services')
    const section = servicesSection()
    await within(section).findByRole('searchbox', { name: 'Find a service' })
    const country = within(section).getByRole('combobox', { name: 'Country' })
    await waitFor(() => {
      expect(within(country).getAllByRole('option')).toHaveLength(120)
    })
    await user.selectOptions(country, 'Andorra')
    expect(
      await within(section).findByText('TMDB lists no streaming services in Andorra.'),
    ).toBeVisible()
    expect(localStorage.getItem('watch-region')).toBe('"AD"')
  })

  it('on the demo catalog, says it has no streaming data', async () => {
    signIn()
    await renderRoute('/account/services')
    const section = servicesSection()
    expect(
      await within(section).findByText('TMDB lists no streaming services in United States.'),
    ).toBeVisible()
    expect(within(section).getByText('The demo catalog has no streaming data.')).toBeVisible()
  })
})

describe('With services chosen', () => {
  it('puts them first under Where to watch, and says so when the film is on none of them', async () => {
    server.use(tmdbScenario.respond('movie', fightClub))
    signIn()
    setServices([HULU, NETFLIX])
    const { unmount } = await renderRoute('/movie/550')
    await screen.findByRole('heading', { level: 1, name: 'Fight Club' })
    const section = screen.getByRole('region', { name: 'Where to watch' })
    const groups = within(section).getAllByRole('heading', { level: 3 })
    expect(groups.map((heading) => heading.textContent)).toEqual([
      'On your services',
      'Stream',
      'Rent',
      'Buy',
    ])
    const yours = groups[0]?.parentElement as HTMLElement
    expect(
      within(yours)
        .getAllByRole('link')
        .map((link) => link.getAttribute('aria-label')),
    ).toEqual(['Hulu (Stream, opens in a new tab)'])
    expect(within(section).getByRole('link', { name: 'Change your services' })).toHaveAttribute(
      'href',
      '/account/services',
    )
    unmount()

    setServices([NETFLIX])
    await renderRoute('/movie/550')
    await screen.findByRole('heading', { level: 1, name: 'Fight Club' })
    expect(screen.getByText('Not streaming on your services in United States')).toBeVisible()
    expect(screen.queryByRole('heading', { level: 3, name: 'On your services' })).toBeNull()
  })

  it('filters the home grid by them through discover, and back', async () => {
    const asked = recordTmdbRequests('/discover/movie', (url) => url)
    signIn()
    setServices([NETFLIX, HULU])
    const { user, router } = await renderRoute('/')
    await screen.findAllByRole('article')
    expect(asked.at(-1)?.searchParams.has('with_watch_providers')).toBe(false)
    await user.click(screen.getByRole('checkbox', { name: 'On my services' }))
    await waitFor(() => {
      expect(router.state.location.search).toEqual({ services: '8|15', region: 'US' })
    })
    const filtered = asked.at(-1)
    expect(filtered?.searchParams.get('with_watch_providers')).toBe('8|15')
    expect(filtered?.searchParams.get('watch_region')).toBe('US')
    expect(filtered?.searchParams.get('with_watch_monetization_types')).toBe('flatrate|free|ads')
    // The demo catalog has no offers: nothing streams, and the page says so.
    expect(await screen.findByText('No movies match these filters')).toBeVisible()
    expect(
      screen.getByRole('heading', { level: 2, name: 'All movies · on chosen services' }),
    ).toBeVisible()

    await user.click(screen.getByRole('checkbox', { name: 'On my services' }))
    await waitFor(() => {
      expect(router.state.location.search).toEqual({})
    })
  })

  it('shows nothing new to a person who has chosen none', async () => {
    signIn()
    await renderRoute('/')
    await screen.findAllByRole('article')
    expect(screen.getByRole('checkbox', { name: 'Hide seen' })).toBeInTheDocument()
    expect(screen.queryByRole('checkbox', { name: 'On my services' })).toBeNull()
  })
})

describe('The Watchlist’s “On my services”', () => {
  it('keeps the films streaming on them, asking once per film, and lives in the URL', async () => {
    const [other] = db.discover(1).results
    if (!other) throw new Error('empty catalog')
    const asked = recordTmdbRequests('/movie/', (url) => url.pathname)
    const askedOffers = () => asked.filter((path) => path.endsWith('/watch/providers')).sort()
    server.use(
      tmdbScenario.respond('movieWatchProviders', fightClubOffers, {
        when: (url) => url.pathname === '/3/movie/550/watch/providers',
      }),
    )
    signIn()
    watchlist.add({ id: 550, title: 'Fight Club', poster_path: null, release_date: '1999-10-15' })
    watchlist.add({ id: other.id, title: other.title, poster_path: null, release_date: null })
    setServices([HULU])
    const { user, router } = await renderRoute('/watchlist')
    await screen.findByRole('heading', { level: 1, name: 'My Watchlist' })
    expect(screen.getAllByRole('article')).toHaveLength(2)
    expect(askedOffers()).toEqual([])

    await user.click(screen.getByRole('checkbox', { name: 'On my services' }))
    await waitFor(() => {
      expect(screen.getAllByRole('article')).toHaveLength(1)
    })
    expect(within(screen.getByRole('article')).getByText('Fight Club')).toBeVisible()
    expect(screen.getByText('1 of 2 movies')).toBeInTheDocument()
    expect(router.state.location.search).toEqual({ services: true })
    await waitFor(() => {
      expect(askedOffers()).toEqual(
        [`/3/movie/${other.id}/watch/providers`, '/3/movie/550/watch/providers'].sort(),
      )
    })

    setServices([NETFLIX])
    expect(
      await screen.findByText('None of these films streams on your services in United States.'),
    ).toBeVisible()
  })
})
