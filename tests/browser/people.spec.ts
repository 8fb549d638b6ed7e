import { expectNoAxeViolations } from './support/axe'
import { expect, test } from './support/fixtures'
import { db } from './support/tmdb'

/** A person's page (issue 34) on the demo catalog: its directors, with nothing it does not hold. */

const film = db.movies.find((movie) => movie.director === 'Steven Spielberg')
const directed = db.movies.filter((movie) => movie.director === 'Steven Spielberg')

for (const theme of ['dark', 'light'] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ colorScheme: theme })

    test("a film's director leads to their page: their films, each leading back", async ({
      page,
    }) => {
      if (!film) throw new Error('no Spielberg film in the catalog')
      await page.goto(`/movie/${String(film.id)}`)
      await page.getByRole('link', { name: 'Steven Spielberg' }).click()
      await expect(page.getByRole('heading', { level: 1, name: 'Steven Spielberg' })).toBeVisible()
      await expect(page).toHaveTitle('Steven Spielberg · CineList')
      const directing = page.getByRole('region', { name: 'Directing' })
      await expect(directing.getByRole('listitem')).toHaveCount(directed.length)
      await expect(page.getByRole('img', { name: 'No photo of Steven Spielberg' })).toBeVisible()
      await expectNoAxeViolations(page, `a person's page, ${theme} theme`)

      await directing.getByRole('link', { name: film.title, exact: true }).click()
      await expect(page.getByRole('heading', { level: 1, name: film.title })).toBeVisible()
    })

    test('search finds people by name, and each leads to their page', async ({ page }) => {
      await page.goto('/search')
      await page
        .getByRole('navigation', { name: 'Search for' })
        .getByRole('link', { name: 'People' })
        .click()
      await expect(page).toHaveURL(/type=person/)
      await page.getByPlaceholder('Enter a name...').fill('spielberg')
      const found = page.getByRole('list', { name: 'People named “spielberg”' })
      await expect(found.getByRole('link', { name: 'Steven Spielberg' })).toBeVisible()
      await expectNoAxeViolations(page, `people search results, ${theme} theme`)
      await found.getByRole('link', { name: 'Steven Spielberg' }).click()
      await expect(page.getByRole('heading', { level: 1, name: 'Steven Spielberg' })).toBeVisible()
    })
  })
}
