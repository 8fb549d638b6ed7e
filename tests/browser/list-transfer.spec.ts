import { readFile } from 'node:fs/promises'
import { letterboxdExportZip } from '../letterboxd-export'
import { expectNoAxeViolations } from './support/axe'
import { expect, test } from './support/fixtures'
import { listKey, namedEntriesKey, namedIndexKey, readStored } from './support/storage'
import { db } from './support/tmdb'

/**
 * A list exported as real downloads and imported from them, in another browser, and a
 * Letterboxd export ZIP chosen in the file picker. Each kind of bad file and the Letterboxd
 * rules are checked in tests/components (list-import-errors.test.tsx, list-transfer.test.tsx,
 * letterboxd-import.test.tsx).
 */

const alice = { name: 'Alice', email: 'alice@example.com', password: 'Alice-pass1' }
const bob = { name: 'Bobby', email: 'bob@example.com', password: 'Bobby-pass1' }
const carol = { name: 'Carol', email: 'carol@example.com', password: 'Carol-pass1' }
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
  await expect(page.getByRole('status').filter({ hasText: / movies$/ })).toHaveText(
    '30 of 30 movies',
  )
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

  // Alone, the CSV comes back whole too: its films looked up on TMDB, posters included.
  const third = await (await newContext({ signedIn: carol })).newPage()
  await third.goto('/seen')
  await third.getByLabel('Import a list file').setInputFiles({
    name: 'cinelist-seen.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csvText),
  })
  await expect(third.getByText('Imported 30 · already there 0 · not found 0')).toBeVisible()
  const fromCsv = await readStored(third, listKey('seen', carol.email))
  expect(fromCsv).toMatchObject({
    movies: expect.arrayContaining(
      movies.map(({ id, title, poster_path }) =>
        expect.objectContaining({ id, title, poster_path }),
      ),
    ),
  })
  await expect(third.locator('main img[src$="placeholder-poster.svg"]')).toHaveCount(0)
})

test.describe('a Letterboxd export ZIP', () => {
  test.use({ lists: {} })

  test('chosen in the file picker on the watchlist page fills all three lists and makes its own list a named list, all undone at once', async ({
    page,
  }) => {
    // 517 titles matched through the demo's mock TMDB.
    test.setTimeout(120_000)
    await page.goto('/watchlist')
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: 'Import', exact: true }).click(),
    ])
    await chooser.setFiles({
      name: 'letterboxd-extratone-2024-04-27.zip',
      mimeType: 'application/zip',
      buffer: Buffer.from(letterboxdExportZip()),
    })
    const summary = page.getByRole('status').filter({ hasText: 'Letterboxd export' })
    // The demo catalog holds films up to 2010: 19 of the 113 on the watchlist, 116 of the 408
    // seen, 4 of the 14 on the export's own list, as the component tests count them.
    await expect(summary.getByRole('paragraph')).toHaveText(
      [
        'Letterboxd export imported into all three lists, not only this page’s:',
        'Watchlist (watchlist.csv): Imported 19 · already there 0 · not found 94',
        'Seen (watched.csv, diary.csv): Imported 116 · already there 0 · not found 292',
        'Favorites: nothing in this export',
        'List “2010 Ranked” (new): Imported 4 · already there 0 · not found 10',
      ],
      { timeout: 60_000 },
    )
    await expect(page.getByRole('status').filter({ hasText: /of 19 movies$/ })).toHaveText(
      '19 of 19 movies',
    )
    await expectNoAxeViolations(page, 'a Letterboxd export imported')
    expect(
      (await readStored(page, listKey('seen', alice.email))) as { movies: unknown[] },
    ).toMatchObject({ movies: { length: 116 } })
    const index = (await readStored(page, namedIndexKey(alice.email))) as {
      lists: { id: string; name: string; ranked: boolean }[]
    }
    expect(index.lists).toMatchObject([{ name: '2010 Ranked', ranked: true }])
    const id = index.lists[0]?.id ?? 'missing'
    expect(await readStored(page, namedEntriesKey(alice.email, id))).toMatchObject({
      movies: { length: 4 },
    })

    await page.getByRole('button', { name: 'Undo' }).click()
    await expect(page.getByText('Import undone: your lists are as they were.')).toBeVisible()
    await expect(page.getByText('No movies on your watchlist yet.')).toBeVisible()
    for (const list of ['watchlist', 'seen'] as const)
      expect(await readStored(page, listKey(list, alice.email))).toEqual({ version: 1, movies: [] })
    expect(await readStored(page, namedIndexKey(alice.email))).toMatchObject({ lists: [] })
  })
})
