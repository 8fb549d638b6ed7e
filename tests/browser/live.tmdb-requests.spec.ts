import { expect, test } from '@playwright/test'
import { db, routeTmdb } from './support/tmdb'

test('a credentialed build calls TMDB exactly as spec §7 and registers no service worker', async ({
  page,
}) => {
  const requests = await routeTmdb(page)
  await page.goto('/')
  await expect(
    page.getByRole('region', { name: 'Popular Movies' }).getByRole('article'),
  ).toHaveCount(20)

  const discover = requests.find((request) => request.url().includes('/3/discover/movie'))
  expect(discover?.method()).toBe('GET')
  expect(discover?.url()).toBe(
    'https://api.themoviedb.org/3/discover/movie?include_adult=false&include_video=false&language=en-US&page=1&sort_by=popularity.desc',
  )
  expect(await discover?.headerValue('authorization')).toBe('Bearer test-read-token')

  const registrations = await page.evaluate(
    async () => (await navigator.serviceWorker.getRegistrations()).length,
  )
  expect(registrations).toBe(0)
  await expect(page.getByText(/Demo mode/)).toHaveCount(0)

  const movie = db.discover(1).results[1]
  if (!movie) throw new Error('the demo catalog is empty')
  await page.goto(`/movie/${movie.id}`)
  await expect(page.getByRole('heading', { level: 1, name: movie.title })).toBeVisible()
  const detail = requests.find((request) => request.url().includes(`/3/movie/${movie.id}`))
  expect(detail?.url()).toBe(
    `https://api.themoviedb.org/3/movie/${movie.id}?language=en-US&api_key=test-api-key`,
  )
  expect(await detail?.headerValue('authorization')).toBeNull()
})
