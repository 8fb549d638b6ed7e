import { firstOf } from './support/app'
import { expectNoAxeViolations } from './support/axe'
import { expect, test } from './support/fixtures'
import { db } from './support/tmdb'

/** A movie page's "Where to watch" (issue 34) on the demo catalog, which has no offers. */

const movie = firstOf(db.discover(1).results)

for (const theme of ['dark', 'light'] as const) {
  test(`the demo says a film streams nowhere it knows of, ${theme} theme`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: theme })
    await page.goto(`/movie/${String(movie.id)}`)
    const section = page.getByRole('region', { name: 'Where to watch' })
    await expect(section.getByText('Not available to stream in United States')).toBeVisible()
    await expect(section.getByText('The demo catalog has no streaming data.')).toBeVisible()
    await expect(section.getByText('Data from JustWatch')).toBeVisible()
    await expectNoAxeViolations(page, `where to watch, ${theme} theme`)
  })
}
