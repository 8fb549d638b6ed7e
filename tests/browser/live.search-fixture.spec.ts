import { tmdbScenario } from '../../src/mocks/scenarios'
import { expect, test } from './support/fixtures'

// A live.*.spec.ts file: it runs against the credentialed build, whose TMDB calls the `tmdb`
// fixture answers (the demo build's own service worker would answer them otherwise).

// The failed search is logged (behaviour §8): that console error is expected.
test.use({ allowedConsoleErrors: /^TMDB request failed/ })

test('search shows the films TMDB sends, and its failure', async ({ page, tmdb }) => {
  // Scenarios are tried in order; the first that applies answers.
  tmdb.use(
    tmdbScenario.fail('search', { status: 401 }, { when: (url) => url.search.includes('locked') }),
    tmdbScenario.respond('search', {
      page: 1,
      results: [{ id: 7, title: 'A Fixture Film', poster_path: null }],
      total_pages: 1,
      total_results: 1,
    }),
  )

  await page.goto('/search?q=anything')
  await expect(page.getByRole('link', { name: 'A Fixture Film' })).toBeVisible()
  expect(tmdb.requests).toHaveLength(1)

  await page.goto('/search?q=locked')
  await expect(page.getByText('Error fetching data')).toBeVisible()
})
