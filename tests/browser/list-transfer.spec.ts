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

  test('a Letterboxd watched.csv is matched through TMDB, one title not found', async ({
    page,
  }) => {
    // Titles whose first search result is the film itself: the ones a match must find.
    const found: (typeof db.movies)[number][] = []
    for (const movie of db.movies) {
      if (db.search(movie.title, 1).results[0]?.id === movie.id) found.push(movie)
      if (found.length === 3) break
    }
    const rows = [
      ...found.map(
        (movie, index) =>
          `2024-05-0${String(index + 1)},"${movie.title}",,https://boxd.it/${String(index)}`,
      ),
      '2024-05-09,Qqzzx Never Made,1999,https://boxd.it/x',
    ]
    await page.goto('/watchlist')
    await importInput(page).setInputFiles({
      name: 'watched.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`Date,Name,Year,Letterboxd URI\n${rows.join('\n')}\n`),
    })
    await expect(page.getByText('Imported 3 · already there 0 · not found 1')).toBeVisible()
    await page.getByText('Titles not found').click()
    await expect(page.getByText('Qqzzx Never Made')).toBeVisible()
    await expect(page.getByRole('main').getByRole('listitem').getByRole('heading')).toHaveText(
      [...found].reverse().map((movie) => movie.title),
    )
    await page.getByRole('button', { name: 'Undo' }).click()
    await expect(page.getByText('No movies on your watchlist yet.')).toBeVisible()
  })

  const bad: [string, string, string | Buffer, RegExp][] = [
    ['not JSON', 'list.json', '{"format":', /not valid JSON/],
    ['a JSON of another shape', 'list.json', '[{"id": 1}]', /not a CineList export/],
    ['a CSV without the needed columns', 'list.csv', 'Film,When\nHeat,1995\n', /needs a tmdbID/],
    ['an image', 'poster.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]), /JSON or CSV/],
    ['a file over 5 MB', 'big.csv', Buffer.alloc(5 * 1024 * 1024 + 10, 0x41), /over 5 MB/],
    ['more than 10,000 rows', 'many.csv', `tmdbID\n${'603\n'.repeat(10_001)}`, /10,000/],
  ]
  for (const [what, name, content, message] of bad) {
    test(`${what} gets a clear message and changes nothing`, async ({ page }) => {
      await page.goto('/favorites')
      await expect(page.getByText('No favorite movies yet.')).toBeVisible()
      await importInput(page).setInputFiles({
        name,
        mimeType: 'application/octet-stream',
        buffer: Buffer.isBuffer(content) ? content : Buffer.from(content),
      })
      await expect(page.getByRole('alert')).toHaveText(message)
      await expect(page.getByRole('alert')).toHaveText(/Nothing was imported\.$/)
      expect(await stored(page, 'favorites:alice@example.com')).toBeUndefined()
    })
  }
})
