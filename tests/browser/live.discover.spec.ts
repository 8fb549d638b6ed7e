import { tmdbScenario } from '../../src/mocks/scenarios'
import { darkKnightDetail } from '../tmdb-bodies'
import { firstOf } from './support/app'
import { expectNoAxeViolations } from './support/axe'
import { expect, test } from './support/fixtures'
import { API_ORIGIN, db } from './support/tmdb'

/**
 * A shared link to a filtered page, a search by year or a detail costs the one request the page
 * needs; a detail with every section is operable and accessible. What each section shows is
 * checked in tests/components/movie-detail-extras.test.tsx.
 */

const urlsOf = (requests: readonly { url: () => string }[]) =>
  requests.map((request) => request.url())

test('a shared link to a filtered page is one request, the one the page needs', async ({
  page,
  tmdb,
}) => {
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
  expect(urlsOf(tmdb.requests)).toEqual([
    `${API_ORIGIN}/3/discover/movie?include_adult=false&include_video=false&language=en-US&page=1&sort_by=vote_average.desc&with_genres=18&primary_release_year=1994&vote_count.gte=200`,
  ])
})

test('a shared search with a year asks for each page once, each with the year', async ({
  page,
  tmdb,
}) => {
  await page.goto('/search?q=the&year=1999')
  const totalPages = Math.min(db.search('the', 1, 1999).total_pages, 5)
  expect(totalPages).toBeGreaterThan(1)
  const results = page.getByRole('list', { name: 'Results for “the”' })
  await expect(results).toHaveAttribute('aria-busy', 'false')
  expect(urlsOf(tmdb.requests).sort()).toEqual(
    Array.from(
      { length: totalPages },
      (_, i) =>
        `${API_ORIGIN}/3/search/movie?query=the&page=${String(i + 1)}&primary_release_year=1999&api_key=test-api-key`,
    ).sort(),
  )
})

test('a shared detail link is one request with every appended part', async ({ page, tmdb }) => {
  const movie = firstOf(db.discover(1).results)
  await page.goto(`/movie/${movie.id}`)
  await expect(page.getByRole('heading', { level: 1, name: movie.title })).toBeVisible()
  await expect(page.getByRole('region', { name: 'More like this' })).toBeVisible()
  expect(urlsOf(tmdb.requests)).toEqual([
    `${API_ORIGIN}/3/movie/${movie.id}?language=en-US&append_to_response=credits%2Cvideos%2Crecommendations%2Crelease_dates%2Cwatch%2Fproviders&api_key=test-api-key`,
  ])
})

test('a detail page with every section, operable and accessible', async ({ page, tmdb }) => {
  // Films like it from the demo catalog, so that opening one works.
  const recommended = db.discover(1).results.slice(0, 3)
  tmdb.use(
    tmdbScenario.respond(
      'movie',
      { ...darkKnightDetail, recommendations: { page: 1, results: recommended, total_pages: 1 } },
      { when: (url) => url.pathname === `/3/movie/${String(darkKnightDetail.id)}` },
    ),
  )
  await page.goto(`/movie/${String(darkKnightDetail.id)}`)
  await expect(page.getByRole('heading', { level: 1, name: darkKnightDetail.title })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Cast' }).getByRole('listitem')).toHaveCount(10)
  const trailer = page.getByRole('link', { name: /^Watch trailer/ })
  await expect(trailer).toBeVisible()
  const more = page.getByRole('region', { name: 'More like this' }).getByRole('link')
  await expect(more).toHaveCount(recommended.length)
  await expectNoAxeViolations(page, 'full detail')

  // Keyboard: the trailer and the recommendations take focus, and Enter opens one.
  await trailer.focus()
  await expect(trailer).toBeFocused()
  await more.first().focus()
  await page.keyboard.press('Enter')
  await expect(
    page.getByRole('heading', { level: 1, name: firstOf(recommended).title }),
  ).toBeVisible()
})
