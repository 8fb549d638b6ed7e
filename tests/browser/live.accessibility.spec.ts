import { expect, test } from '@playwright/test'
import { TMDB_ERRORS } from '../../src/mocks/handlers'
import { firstOf, popularGrid } from './support/app'
import { expectNoAxeViolations } from './support/axe'
import { db, routeTmdb } from './support/tmdb'

/** The states only a failing or odd TMDB produces, scanned with axe (credentialed build). */

const movie = firstOf(db.discover(1).results)
const invalidKey = { success: false, status_code: 7, status_message: 'Invalid API key.' }

test.describe('axe finds no WCAG 2.2 AA violation', () => {
  test('search that failed', async ({ page }) => {
    await routeTmdb(page, async (route, call) => {
      if (call !== 'search') return false
      await route.fulfill({ status: 401, json: invalidKey })
      return true
    })
    await page.goto('/search?q=star')
    await expect(page.getByText('Error fetching data', { exact: true })).toBeVisible()
    await expectNoAxeViolations(page, 'search with “Error fetching data”')
  })

  test('movie detail that failed', async ({ page }) => {
    await routeTmdb(page, async (route, call) => {
      if (call !== 'detail') return false
      await route.fulfill({ status: 404, json: TMDB_ERRORS.notFound.body })
      return true
    })
    await page.goto(`/movie/${movie.id}`)
    await expect(page.getByText('Failed to load movie details', { exact: true })).toBeVisible()
    await expectNoAxeViolations(page, 'detail with “Failed to load movie details”')
  })

  test('movie detail still loading', async ({ page }) => {
    await routeTmdb(page, async (_route, call) => {
      // Never answered while the page is scanned.
      if (call === 'detail') await new Promise<void>(() => undefined)
      return false
    })
    await page.goto(`/movie/${movie.id}`)
    await expect(page.getByText('Loading...', { exact: true })).toBeVisible()
    await expectNoAxeViolations(page, 'detail while loading')
  })

  test('movie detail without any data (every fallback)', async ({ page }) => {
    await routeTmdb(page, async (route, call) => {
      if (call !== 'detail') return false
      await route.fulfill({ json: { id: movie.id } })
      return true
    })
    await page.goto(`/movie/${movie.id}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Untitled Movie' })).toBeVisible()
    await expectNoAxeViolations(page, 'detail with only fallbacks')
  })

  test('home whose popular list failed (hero only)', async ({ page }) => {
    await routeTmdb(page, async (route, call) => {
      if (call !== 'discover') return false
      await route.fulfill({ status: 401, json: invalidKey })
      return true
    })
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: 'CineList' })).toBeVisible()
    await expect(popularGrid(page)).toHaveCount(0)
    await expectNoAxeViolations(page, 'home without the popular list')
  })
})
