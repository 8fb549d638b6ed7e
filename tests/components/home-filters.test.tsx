import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { db, server } from '@/mocks/server'
import { tmdbScenario } from '@/mocks/scenarios'
import { optionTexts } from '../queries'
import { renderRoute } from '../render-route'
import { recordTmdbRequests } from '../tmdb-requests'

/** The discover requests sent, as their query strings. */
const recordDiscover = () => recordTmdbRequests('/discover/movie', (url) => url.search)

/** The grid's section, whatever its heading says. */
function grid(): HTMLElement {
  const section = screen
    .getAllByRole('region')
    .find((region) => region.getAttribute('aria-labelledby') === 'popular-heading')
  if (!section) throw new Error('no grid')
  return section
}
const genre = () => screen.getByRole('combobox', { name: 'Genre' })
const year = () => screen.getByRole('combobox', { name: 'Year' })
const sort = () => screen.getByRole('combobox', { name: 'Sort by' })
const firstTitleOf = (page: { results: { title: string }[] }) => page.results[0]?.title ?? ''

/** Renders the home page at `path` and waits for its grid, headed `heading`. */
async function renderHome(path = '/', heading = 'Popular Movies') {
  const rendered = await renderRoute(path)
  await screen.findByRole('region', { name: heading })
  /** Picks `option` in `select`, then waits for the grid to be headed `nextHeading`. */
  const choose = async (select: HTMLElement, option: string, nextHeading: string) => {
    await rendered.user.selectOptions(select, option)
    await screen.findByRole('region', { name: nextHeading })
  }
  return { ...rendered, choose }
}

describe('Home filters', () => {
  it('offers every genre, the demo catalog’s years and four orders, defaulting to all', async () => {
    await renderHome()
    const genreOptions = within(genre()).getAllByRole('option')
    expect(genreOptions).toHaveLength(20)
    expect(genreOptions[0]).toHaveTextContent('All genres')
    expect(genre()).toHaveValue('')
    const yearOptions = within(year()).getAllByRole('option')
    const years = new Set(
      db.movies.map((movie) => Number(movie.release_date.slice(0, 4))).filter(Boolean),
    )
    expect(yearOptions.map((option) => option.textContent)).toEqual([
      'Any year',
      ...[...years].sort((a, b) => b - a).map(String),
    ])
    expect(optionTexts(sort())).toEqual(['Popularity', 'Rating', 'Newest', 'Title'])
    expect(sort()).toHaveValue('popularity')
  })

  it('filters by genre, then year, then sorts, each change keeping the others and going to page 1', async () => {
    const queries = recordDiscover()
    const { router, choose } = await renderHome('/?page=3')

    await choose(genre(), 'Drama', 'Drama')
    expect(router.state.location.search).toEqual({ genre: 18 })
    expect(router.state.location.href).toBe('/?genre=18')

    await choose(year(), '1994', 'Drama · 1994')
    await choose(sort(), 'Rating', 'Drama · 1994 · by rating')
    expect(router.state.location.search).toEqual({ genre: 18, year: 1994, sort: 'rating' })
    expect(document.title).toBe('Drama · 1994 · by rating · CineList')

    const expected = db.discover(1, {
      withGenres: '18',
      primaryReleaseYear: 1994,
      sortBy: 'vote_average.desc',
      voteCountGte: 200,
    })
    await waitFor(() => {
      expect(
        within(grid())
          .getAllByRole('heading', { level: 3 })
          .map((heading) => heading.textContent),
      ).toEqual(expected.results.map((movie) => movie.title))
    })
    expect(queries.at(-1)).toBe(
      '?include_adult=false&include_video=false&language=en-US&page=1&sort_by=vote_average.desc&with_genres=18&primary_release_year=1994&vote_count.gte=200',
    )
  })

  it('sorts by newest up to today, and by title', async () => {
    const queries = recordDiscover()
    const { choose } = await renderHome()
    await choose(sort(), 'Newest', 'All movies · newest first')
    const today = new Date()
    const iso = [today.getFullYear(), today.getMonth() + 1, today.getDate()]
      .map((part) => String(part).padStart(2, '0'))
      .join('-')
    expect(queries.at(-1)).toBe(
      `?include_adult=false&include_video=false&language=en-US&page=1&sort_by=primary_release_date.desc&primary_release_date.lte=${iso}`,
    )
    await choose(sort(), 'Title', 'All movies · by title')
    const byTitle = db.discover(1, { sortBy: 'title.asc' })
    expect(await within(grid()).findByRole('img', { name: firstTitleOf(byTitle) })).toBeVisible()

    // Back to popularity: the request and heading of behaviour §2 and §7 again.
    await choose(sort(), 'Popularity', 'Popular Movies')
  })

  it('keeps the filters while paging, and Back restores them', async () => {
    const { user, router } = await renderHome('/?genre=18&sort=title', 'Drama · by title')
    const pagination = screen.getByRole('navigation', { name: 'Pagination' })
    await user.click(within(pagination).getByRole('button', { name: 'Next' }))
    await waitFor(() => {
      expect(router.state.location.search).toEqual({ genre: 18, sort: 'title', page: 2 })
    })
    const second = db.discover(2, { withGenres: '18', sortBy: 'title.asc' })
    expect(await screen.findByRole('img', { name: firstTitleOf(second) })).toBeInTheDocument()
    expect(document.title).toBe('Drama · by title, page 2 · CineList')

    router.history.back()
    await waitFor(() => {
      expect(router.state.location.search).toEqual({ genre: 18, sort: 'title' })
    })
    expect(genre()).toHaveValue('18')
    expect(sort()).toHaveValue('title')
  })

  it.each([
    ['/?genre=999&year=1800&sort=shoe_size', 'Popular Movies'],
    ['/?genre=drama&year=abc&sort=', 'Popular Movies'],
    [`/?year=${String(new Date().getFullYear() + 1)}`, 'Popular Movies'],
    ['/?genre=35&year=2.5', 'Comedy'],
    ['/?sort=popularity', 'Popular Movies'],
  ])('falls back to the default for what %s does not allow', async (path, heading) => {
    const queries = recordDiscover()
    await renderRoute(path)
    expect(await screen.findByRole('region', { name: heading })).toBeInTheDocument()
    if (heading === 'Popular Movies') {
      expect(queries).toEqual([
        '?include_adult=false&include_video=false&language=en-US&page=1&sort_by=popularity.desc',
      ])
    }
  })

  it('says when nothing matches and clears the filters', async () => {
    const { user, router } = await renderHome('/?genre=99&year=1900', 'Documentary · 1900')
    expect(await screen.findByText('No movies match these filters')).toBeInTheDocument()
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Clear filters' }))
    expect(await screen.findByRole('region', { name: 'Popular Movies' })).toBeInTheDocument()
    expect(router.state.location.href).toBe('/')
    expect(genre()).toHaveValue('')
    expect(year()).toHaveValue('')
  })

  it('shows the empty state for an empty TMDB answer too', async () => {
    server.use(
      tmdbScenario.respond('discover', { page: 1, results: [], total_pages: 1, total_results: 0 }),
    )
    await renderRoute('/?genre=28')
    expect(await screen.findByText('No movies match these filters')).toBeInTheDocument()
  })

  it('only logs a failed filtered request, as for the popular movies', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    server.use(tmdbScenario.fail('discover', { status: 500 }))
    await renderRoute('/?genre=28')
    await waitFor(() => {
      expect(log).toHaveBeenCalledTimes(1)
    })
    expect(genre()).toHaveValue('28')
    expect(screen.queryByRole('article')).not.toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('caches each combination: going back to one asks TMDB nothing', async () => {
    const queries = recordDiscover()
    const { choose } = await renderHome()
    await choose(genre(), 'Western', 'Western')
    await choose(genre(), 'Horror', 'Horror')
    const sent = queries.length
    await choose(genre(), 'Western', 'Western')
    await choose(genre(), 'All genres', 'Popular Movies')
    expect(queries).toHaveLength(sent)
  })
})
