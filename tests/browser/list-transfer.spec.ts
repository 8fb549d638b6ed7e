import { readFile } from 'node:fs/promises'
import { expect, test, type Page } from '@playwright/test'
import { currentUserValue, readStorage, seedStorage } from './support/app'
import { db } from './support/tmdb'

const alice = { name: 'Alice', email: 'alice@example.com' }
const bob = { name: 'Bobby', email: 'bob@example.com' }
const movies = db.movies.slice(0, 30).map((movie, index) => ({
  id: movie.id,
  title: movie.title,
  poster_path: movie.poster_path,
  release_date: movie.release_date,
  vote_average: movie.vote_average,
  added_at: new Date(Date.UTC(2025, 0, 1 + index)).toISOString(),
}))
const stored = async (page: Page, key: string) => (await readStorage(page))[key]
const importInput = (page: Page) => page.getByLabel('Import a list file')

test('export then import into a fresh account gives the same list', async ({ browser }) => {
  const exporting = await browser.newContext()
  await seedStorage(exporting, {
    currentUser: currentUserValue(alice),
    'seen:alice@example.com': JSON.stringify({ version: 1, movies }),
  })
  const page = await exporting.newPage()
  await page.goto('/seen')
  await expect(page.getByRole('status')).toHaveText('30 of 30 movies')
  const [json] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export JSON' }).click(),
  ])
  expect(json.suggestedFilename()).toMatch(/^cinelist-seen-\d{4}-\d{2}-\d{2}\.json$/)
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ])
  expect(csv.suggestedFilename()).toMatch(/^cinelist-seen-\d{4}-\d{2}-\d{2}\.csv$/)
  const csvText = await readFile(await csv.path(), 'utf8')
  expect(csvText.split('\r\n')[0]).toBe('tmdbID,Title,Year,WatchedDate')
  const jsonText = await readFile(await json.path(), 'utf8')
  await exporting.close()

  const importing = await browser.newContext()
  await seedStorage(importing, { currentUser: currentUserValue(bob) })
  const fresh = await importing.newPage()
  await fresh.goto('/seen')
  await expect(fresh.getByText('No movies marked as seen yet.')).toBeVisible()
  await importInput(fresh).setInputFiles({
    name: 'cinelist-seen.json',
    mimeType: 'application/json',
    buffer: Buffer.from(jsonText),
  })
  await expect(fresh.getByText('Imported 30 · already there 0 · not found 0')).toBeVisible()
  const value = await stored(fresh, 'seen:bob@example.com')
  expect(JSON.parse(value ?? 'null')).toEqual({ version: 1, movies })

  // The CSV brings the same films again: all already there, nothing added twice.
  await importInput(fresh).setInputFiles({
    name: 'cinelist-seen.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csvText),
  })
  await expect(fresh.getByText('Imported 0 · already there 30 · not found 0')).toBeVisible()
  await importing.close()
})

test.describe('importing', () => {
  test.beforeEach(async ({ context }) => {
    await seedStorage(context, { currentUser: currentUserValue(alice) })
  })
})
