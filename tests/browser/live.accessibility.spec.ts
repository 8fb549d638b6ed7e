import type { Page } from '@playwright/test'
import type { HttpHandler } from 'msw'
import { TMDB_ERRORS } from '../../src/mocks/handlers'
import { tmdbScenario } from '../../src/mocks/scenarios'
import { firstOf, popularGrid } from './support/app'
import { expectNoAxeViolations } from './support/axe'
import { expect, test } from './support/fixtures'
import { db } from './support/tmdb'

/** The states only a failing or odd TMDB produces, scanned with axe (credentialed build). */

const movie = firstOf(db.discover(1).results)

const STATES: {
  name: string
  answer: HttpHandler
  path: string
  shown: (page: Page) => Promise<void>
}[] = [
  {
    name: 'search that failed',
    answer: tmdbScenario.fail('search', { status: 401 }),
    path: '/search?q=star',
    shown: (page) => expect(page.getByText('Error fetching data', { exact: true })).toBeVisible(),
  },
  {
    name: 'movie detail that failed',
    answer: tmdbScenario.fail('movie', TMDB_ERRORS.notFound),
    path: `/movie/${movie.id}`,
    shown: (page) =>
      expect(page.getByText('Failed to load movie details', { exact: true })).toBeVisible(),
  },
  {
    name: 'movie detail still loading',
    answer: tmdbScenario.delay('movie', 'forever'),
    path: `/movie/${movie.id}`,
    shown: (page) => expect(page.getByText('Loading...', { exact: true })).toBeVisible(),
  },
  {
    name: 'movie detail without any data (every fallback)',
    answer: tmdbScenario.respond('movie', { id: movie.id }),
    path: `/movie/${movie.id}`,
    shown: (page) =>
      expect(page.getByRole('heading', { level: 1, name: 'Untitled Movie' })).toBeVisible(),
  },
  {
    name: 'home whose popular list failed (hero only)',
    answer: tmdbScenario.fail('discover', { status: 401 }),
    path: '/',
    shown: async (page) => {
      await expect(page.getByRole('heading', { level: 1, name: 'CineList' })).toBeVisible()
      await expect(popularGrid(page)).toHaveCount(0)
    },
  },
]

test.describe('axe finds no WCAG 2.2 AA violation', () => {
  // Each failure is logged, as behaviour §8 has it; a failed detail also reaches the route's
  // error boundary, whose error React logs.
  test.use({ allowedConsoleErrors: /^(TMDB request failed|TmdbError: )/ })

  for (const { name, answer, path, shown } of STATES) {
    test(name, async ({ page, tmdb }) => {
      tmdb.use(answer)
      await page.goto(path)
      await shown(page)
      await expectNoAxeViolations(page, name)
    })
  }
})
