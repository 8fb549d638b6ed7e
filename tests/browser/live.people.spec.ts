import { tmdbScenario } from '../../src/mocks/scenarios'
import { fightClubWithOffers as fightClub, readRealTmdb } from '../real-tmdb'
import { expectNoAxeViolations } from './support/axe'
import { expect, test } from './support/fixtures'

/** A person's page and a film's offers from TMDB's recorded bodies, in a credentialed build. */

const bradPitt = readRealTmdb('people/moviebase-person-287-brad-pitt.json') as Record<
  string,
  unknown
>

for (const theme of ['dark', 'light'] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ colorScheme: theme })

    test('a recorded person: their page, a photo that fails left as an outline', async ({
      page,
      tmdb,
    }) => {
      tmdb.use(tmdbScenario.respond('person', bradPitt))
      await page.goto('/person/287')
      await expect(page.getByRole('heading', { level: 1, name: 'Brad Pitt' })).toBeVisible()
      await expect(page).toHaveTitle('Brad Pitt · CineList')
      // The test's image host has no such photo: the page keeps a neutral outline instead.
      await expect(page.getByRole('img', { name: 'No photo of Brad Pitt' })).toBeVisible()
      await expect(
        page.getByRole('region', { name: 'Acting' }).getByRole('listitem'),
      ).not.toHaveCount(0)
      await expectNoAxeViolations(page, `a recorded person's page, ${theme} theme`)
    })

    test("a recorded film's offers in the browser's region, their names kept when logos fail", async ({
      page,
      tmdb,
    }) => {
      tmdb.use(tmdbScenario.respond('movie', fightClub))
      await page.goto('/movie/550')
      const offers = page.getByRole('region', { name: 'Where to watch' })
      await expect(
        offers.getByRole('link', { name: 'Hulu (Stream, opens in a new tab)' }),
      ).toBeVisible()
      await expect(offers.getByRole('combobox', { name: 'Region' })).toHaveValue('US')
      await expectNoAxeViolations(page, `where to watch with offers, ${theme} theme`)
    })
  })
}
