import { tmdbScenario } from '../../src/mocks/scenarios'
import { fightClubOffers, fightClubWithOffers as fightClub, readRealTmdb } from '../real-tmdb'
import { expectNoAxeViolations } from './support/axe'
import { expect, test } from './support/fixtures'
import { db } from './support/tmdb'

/** "My services" (issue 34) with TMDB's recorded bodies, in a credentialed build. */

const other = db.discover(1).results[0]
if (!other) throw new Error('empty catalog')

test.use({
  signedIn: { name: 'Sam', email: 'sam@example.com', password: 'Sam-pass1' },
  lists: {
    watchlist: [
      { id: 550, title: 'Fight Club', poster_path: null, release_date: '1999-10-15' },
      { id: other.id, title: other.title, poster_path: null, release_date: null },
    ],
  },
})

for (const theme of ['dark', 'light'] as const) {
  test(`a person picks their services, sees them first and filters the Watchlist, ${theme} theme`, async ({
    page,
    tmdb,
  }) => {
    tmdb.use(
      tmdbScenario.respond(
        'watchServices',
        readRealTmdb('people/ceg-watch-providers-movie.json') as Record<string, unknown>,
      ),
      tmdbScenario.respond(
        'watchRegions',
        readRealTmdb('people/ceg-watch-providers-regions.json') as Record<string, unknown>,
      ),
      tmdbScenario.respond('movie', fightClub),
      tmdbScenario.respond('movieWatchProviders', fightClubOffers, {
        when: (url) => url.pathname === '/3/movie/550/watch/providers',
      }),
    )
    await page.emulateMedia({ colorScheme: theme })
    await page.goto('/account/services')
    const services = page.getByRole('main')
    await services.getByRole('searchbox', { name: 'Find a service' }).fill('hulu')
    await services.getByRole('checkbox', { name: 'Hulu', exact: true }).check()
    await expect(services.getByText('1 service chosen')).toBeVisible()
    await expectNoAxeViolations(page, `my services, ${theme} theme`)

    await page.goto('/movie/550')
    const offers = page.getByRole('region', { name: 'Where to watch' })
    await expect(offers.getByRole('heading', { level: 3 }).first()).toHaveText('On your services')
    await expectNoAxeViolations(page, `where to watch on your services, ${theme} theme`)

    await page.goto('/watchlist')
    await expect(page.getByRole('article')).toHaveCount(2)
    await page.getByRole('checkbox', { name: 'On my services' }).check()
    await expect(page.getByRole('article')).toHaveCount(1)
    await expect(page.getByRole('article').getByText('Fight Club')).toBeVisible()
    await expect(page).toHaveURL(/[?&]services=true/)
    await expectNoAxeViolations(page, `watchlist on my services, ${theme} theme`)
  })
}
