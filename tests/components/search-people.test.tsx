import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { tmdbScenario } from '@/mocks/scenarios'
import { server } from '@/mocks/server'
import { readRealTmdb } from '../real-tmdb'
import { renderRoute } from '../render-route'

const ka = readRealTmdb('people/moviebase-search-person-ka.json') as Record<string, unknown>
const choice = () => screen.getByRole('navigation', { name: 'Search for' })

describe('searching for people', () => {
  it('is a choice beside the search for films, which stays the default', async () => {
    const { user, router } = await renderRoute('/search')
    expect(screen.getByRole('heading', { level: 1, name: 'Search Movies' })).toBeInTheDocument()
    expect(within(choice()).getByRole('link', { name: 'Movies' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    await user.click(within(choice()).getByRole('link', { name: 'People' }))
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Search People' }),
    ).toBeInTheDocument()
    expect(router.state.location.search).toEqual({ type: 'person' })
    expect(within(choice()).getByRole('link', { name: 'People' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    expect(screen.getByPlaceholderText('Enter a name...')).toBeInTheDocument()
    expect(screen.getByText('Enter a name to start searching')).toBeInTheDocument()
    expect(screen.queryByLabelText('Year')).not.toBeInTheDocument()
  })

  it("shows TMDB's people with their department and known-for titles, each leading to their page", async () => {
    server.use(tmdbScenario.respond('searchPeople', ka))
    await renderRoute('/search?q=ka&type=person')
    const list = await screen.findByRole('list', { name: 'People named “ka”' })
    const people = within(list).getAllByRole('listitem')
    expect(people).toHaveLength(20)
    const kaKa = people.find((item) => within(item).queryByRole('link', { name: 'Ka Ka' }))
    expect(kaKa?.textContent).toContain('Directing')
    expect(within(kaKa as HTMLElement).getByRole('link', { name: 'Ka Ka' })).toHaveAttribute(
      'href',
      '/person/1486313',
    )
    // A photo beside the name is not named again; one that is missing is an outline.
    expect(within(list).queryAllByRole('img')).toHaveLength(0)
  })

  it('finds the demo catalog’s directors by name', async () => {
    const { user } = await renderRoute('/search?type=person')
    await user.type(screen.getByPlaceholderText('Enter a name...'), 'spielberg')
    const list = await screen.findByRole(
      'list',
      { name: 'People named “spielberg”' },
      { timeout: 3000 },
    )
    await user.click(within(list).getByRole('link', { name: 'Steven Spielberg' }))
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Steven Spielberg' }),
    ).toBeInTheDocument()
  })

  it('says when nobody is found, and when the search failed', async () => {
    await renderRoute('/search?q=zzzzqqq&type=person')
    expect(await screen.findByText('No people found')).toBeInTheDocument()

    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    server.use(tmdbScenario.fail('searchPeople', { status: 500 }))
    await renderRoute('/search?q=anyone&type=person')
    expect(await screen.findByText('Error fetching data')).toBeInTheDocument()
  })
})

it('any other type is the search for films, as the spec has it', async () => {
  await renderRoute('/search?q=alien&type=nonsense')
  expect(screen.getByRole('heading', { level: 1, name: 'Search Movies' })).toBeInTheDocument()
  const films = await screen.findByRole('list', { name: 'Results for “alien”' })
  expect(within(films).getAllByRole('link').length).toBeGreaterThan(0)
  expect(screen.getByPlaceholderText('Enter movie title...')).toBeInTheDocument()
})
