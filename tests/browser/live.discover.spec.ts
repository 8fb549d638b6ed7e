import { expect, test } from '@playwright/test'
import { tmdbScenario } from '../../src/mocks/scenarios'
import { detailFact } from './support/app'
import { expectNoAxeViolations } from './support/axe'
import { db, serveTmdb } from './support/tmdb'
import { watchPage } from './support/watch'

const API = 'https://api.themoviedb.org'

test('a shared link to a filtered page is one request, the one the page needs', async ({
  page,
}) => {
  const requests = await serveTmdb(page)
  await page.goto('/?genre=18&year=1994&sort=rating&page=1')
  const expected = db.discover(1, {
    withGenres: '18',
    primaryReleaseYear: 1994,
    sortBy: 'vote_average.desc',
    voteCountGte: 200,
  })
  await expect(
    page.locator('section[aria-labelledby="popular-heading"]').getByRole('heading', { level: 3 }),
  ).toHaveText(expected.results.map((movie) => movie.title))
  expect(requests.map((request) => request.url())).toEqual([
    `${API}/3/discover/movie?include_adult=false&include_video=false&language=en-US&page=1&sort_by=vote_average.desc&with_genres=18&primary_release_year=1994&vote_count.gte=200`,
  ])
})

test('a shared search with a year asks for each page once, each with the year', async ({
  page,
}) => {
  const requests = await serveTmdb(page)
  await page.goto('/search?q=the&year=1999')
  const totalPages = Math.min(db.search('the', 1, 1999).total_pages, 5)
  expect(totalPages).toBeGreaterThan(1)
  const results = page.getByRole('list', { name: 'Results for “the”' })
  await expect(results).toHaveAttribute('aria-busy', 'false')
  const urls = requests.map((request) => request.url()).sort()
  expect(urls).toEqual(
    Array.from(
      { length: totalPages },
      (_, i) =>
        `${API}/3/search/movie?query=the&page=${String(i + 1)}&primary_release_year=1999&api_key=test-api-key`,
    ).sort(),
  )
})

test('a shared detail link is one request with every appended part', async ({ page }) => {
  const movie = db.discover(1).results[0]
  if (!movie) throw new Error('the demo catalog is empty')
  const requests = await serveTmdb(page)
  await page.goto(`/movie/${movie.id}`)
  await expect(page.getByRole('heading', { level: 1, name: movie.title })).toBeVisible()
  await expect(page.getByRole('region', { name: 'More like this' })).toBeVisible()
  expect(requests.map((request) => request.url())).toEqual([
    `${API}/3/movie/${movie.id}?language=en-US&append_to_response=credits%2Cvideos%2Crecommendations%2Crelease_dates&api_key=test-api-key`,
  ])
})

const fullDetail = {
  id: 155,
  title: 'The Dark Knight',
  overview: 'Batman raises the stakes in his war on crime.',
  poster_path: null,
  release_date: '2008-07-16',
  vote_average: 8.5,
  genres: [{ id: 18, name: 'Drama' }],
  runtime: 152,
  budget: 185_000_000,
  revenue: 1_004_558_444,
  credits: {
    cast: [
      { id: 3894, name: 'Christian Bale', character: 'Bruce Wayne', order: 0 },
      { id: 1810, name: 'Heath Ledger', character: 'Joker', order: 1 },
    ],
    crew: [{ id: 525, name: 'Christopher Nolan', job: 'Director' }],
  },
  videos: { results: [{ key: 'EXeTwQWrcwY', site: 'YouTube', type: 'Trailer', official: true }] },
  release_dates: {
    results: [{ iso_3166_1: 'US', release_dates: [{ certification: 'PG-13', type: 3 }] }],
  },
  recommendations: { page: 1, results: db.discover(1).results.slice(0, 3), total_pages: 1 },
}

test('a detail page with every section, operable and accessible', async ({ page }) => {
  const watched = watchPage(page)
  await serveTmdb(
    page,
    // This film only: the recommendations open from the demo catalog.
    tmdbScenario.respond('movie', fullDetail, {
      apiUrl: API,
      when: (url) => url.pathname === '/3/movie/155',
    }),
  )
  await page.goto('/movie/155')
  await expect(page.getByRole('heading', { level: 1, name: 'The Dark Knight' })).toBeVisible()
  await expect(detailFact(page, 'Runtime')).toHaveText('2h 32m')
  await expect(detailFact(page, 'Director')).toHaveText('Christopher Nolan')
  await expect(detailFact(page, 'Certification')).toHaveText('PG-13')
  await expect(detailFact(page, 'Budget')).toHaveText('$185,000,000')
  await expect(detailFact(page, 'Revenue')).toHaveText('$1,004,558,444')
  await expect(page.getByRole('region', { name: 'Cast' }).getByRole('listitem')).toHaveText([
    'Christian Bale as Bruce Wayne',
    'Heath Ledger as Joker',
  ])
  const trailer = page.getByRole('link', { name: /^Watch trailer/ })
  await expect(trailer).toHaveAttribute('href', 'https://www.youtube.com/watch?v=EXeTwQWrcwY')
  await expect(trailer).toHaveAttribute('rel', 'noopener noreferrer')
  await expect(trailer).toHaveAttribute('target', '_blank')
  const more = page.getByRole('region', { name: 'More like this' }).getByRole('link')
  await expect(more).toHaveCount(3)
  await expectNoAxeViolations(page, 'full detail')

  // Keyboard: the trailer link and every recommendation are reachable in order.
  await trailer.focus()
  await expect(trailer).toBeFocused()
  await more.first().focus()
  await page.keyboard.press('Enter')
  const first = fullDetail.recommendations.results[0]
  await expect(page.getByRole('heading', { level: 1, name: first?.title })).toBeVisible()
  expect(watched.pageErrors).toEqual([])
})
