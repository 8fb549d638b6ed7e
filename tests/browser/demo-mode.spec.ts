import { expect, test } from './support/fixtures'
import { db } from './support/tmdb'

test('the demo build shows 20 real films with posters and no request leaves the machine', async ({
  page,
}) => {
  const outside: string[] = []
  page.on('requestfinished', (request) => {
    const url = new URL(request.url())
    void request.response().then((response) => {
      if (url.hostname !== 'localhost' && !response?.fromServiceWorker()) outside.push(url.href)
    })
  })

  await page.goto('/')
  const grid = page.getByRole('region', { name: 'Popular Movies' })
  await expect(grid.getByRole('article')).toHaveCount(20)

  const first = db.discover(1).results[0]
  if (!first) throw new Error('the demo catalog is empty')
  const poster = grid.getByRole('img', { name: first.title, exact: true })
  await expect(poster).toBeVisible()
  await expect
    .poll(() => poster.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBeGreaterThan(0)

  await expect(page.getByText(/Demo mode/)).toBeVisible()
  expect(outside).toEqual([])
})
