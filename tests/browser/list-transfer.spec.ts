import { readFile } from 'node:fs/promises'
import { expect, test } from './support/fixtures'
import { listKey, readStored } from './support/storage'
import { db } from './support/tmdb'

/**
 * A list exported as real downloads and imported from them, in another browser. Each kind of bad
 * file and the Letterboxd match are checked in tests/components (list-import-errors.test.tsx,
 * list-transfer.test.tsx).
 */

const alice = { name: 'Alice', email: 'alice@example.com', password: 'Alice-pass1' }
const bob = { name: 'Bobby', email: 'bob@example.com', password: 'Bobby-pass1' }
const movies = db.movies.slice(0, 30).map((movie, index) => ({
  id: movie.id,
  title: movie.title,
  poster_path: movie.poster_path,
  release_date: movie.release_date,
  vote_average: movie.vote_average,
  added_at: new Date(Date.UTC(2025, 0, 1 + index)).toISOString(),
}))

test.use({ signedIn: alice, lists: { seen: movies } })

test('export then import into a fresh account gives the same list', async ({
  page,
  newContext,
}) => {
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

  const fresh = await (await newContext({ signedIn: bob })).newPage()
  const importFile = fresh.getByLabel('Import a list file')
  await fresh.goto('/seen')
  await expect(fresh.getByText('No movies marked as seen yet.')).toBeVisible()
  await importFile.setInputFiles({
    name: 'cinelist-seen.json',
    mimeType: 'application/json',
    buffer: Buffer.from(jsonText),
  })
  await expect(fresh.getByText('Imported 30 · already there 0 · not found 0')).toBeVisible()
  expect(await readStored(fresh, listKey('seen', bob.email))).toEqual({ version: 1, movies })

  // The CSV brings the same films again: all already there, nothing added twice.
  await importFile.setInputFiles({
    name: 'cinelist-seen.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csvText),
  })
  await expect(fresh.getByText('Imported 0 · already there 30 · not found 0')).toBeVisible()
})
