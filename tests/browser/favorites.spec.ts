import type { Page } from '@playwright/test'
import { firstOf } from './support/app'
import { expect, test } from './support/fixtures'
import { favoriteOf } from './support/storage'
import { db } from './support/tmdb'

/** A long list: rendered 24 cards at a time, as the user nears its end. */
const COUNT = 1000
const BATCH = 24
const user = { name: 'Lena', email: 'lena@example.com', password: 'Lena-pass1' }
const movies = db.movies.slice(0, COUNT).map(favoriteOf)
if (movies.length < COUNT) throw new Error(`the demo catalog has fewer than ${COUNT} movies`)

/** The cards, counted by CSS: a role query over a thousand cards is slow to repeat. */
const renderedCards = (page: Page) => page.locator('main [role="listitem"]')
const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY))

test.describe(`${COUNT.toLocaleString('en')} favorites`, () => {
  test.use({ signedIn: user, lists: { favorites: movies } })

  test('scrolling with the wheel, the next cards come before they are seen: nothing shifts', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const shifts: string[] = []
      new PerformanceObserver((entries) => {
        for (const entry of entries.getEntries() as (PerformanceEntry & {
          value: number
          sources: { node?: Node }[]
        })[]) {
          const moved = entry.sources.map((source) => source.node?.nodeName ?? '?').join(', ')
          shifts.push(`${entry.value.toFixed(4)}: ${moved}`)
        }
      }).observe({ type: 'layout-shift', buffered: true })
      Reflect.set(window, '__e2eLayoutShifts', shifts)
    })
    await page.goto('/favorites')
    const cards = renderedCards(page)
    await expect(cards).toHaveCount(BATCH)
    await page.mouse.move(640, 360)
    // A wheel turn is not an input that excuses a shift: any shift here would count.
    const progress = async () => ({ shown: await cards.count(), scrolled: await scrollY(page) })
    for (let now = await progress(); now.shown < 5 * BATCH; now = await progress()) {
      const before = now
      await page.mouse.wheel(0, 600)
      // Each turn once it has scrolled the page, or brought cards when there was no more to scroll.
      await expect.poll(progress, { intervals: [20] }).not.toEqual(before)
    }
    expect(await page.evaluate(() => Reflect.get(window, '__e2eLayoutShifts') as string[])).toEqual(
      [],
    )
  })

  test('Show more brings the next 24 from the keyboard, after the cards in Tab order', async ({
    page,
  }) => {
    // Without IntersectionObserver nothing loads by itself: the button is the way on.
    await page.addInitScript(() => {
      Reflect.deleteProperty(window, 'IntersectionObserver')
    })
    await page.goto('/favorites')
    await expect(page.getByRole('heading', { level: 1, name: 'My Favorites' })).toBeVisible()
    const cards = renderedCards(page)
    await expect(cards).toHaveCount(BATCH)

    // Each card is two stops, its link then its Remove button; the button comes after them all.
    const first = firstOf(movies)
    await page.getByRole('heading', { level: 1, name: 'My Favorites' }).focus()
    await page.keyboard.press('Tab')
    await expect(cards.first().getByRole('link', { name: first.title, exact: true })).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(cards.first().getByRole('button', { name: 'Remove' })).toBeFocused()
    for (let stop = 3; stop <= 2 * BATCH + 1; stop++) await page.keyboard.press('Tab')
    await expect(
      page.getByRole('button', { name: `Show more favorites (${COUNT - BATCH} more)` }),
    ).toBeFocused()

    await page.keyboard.press('Enter')
    await expect(cards).toHaveCount(2 * BATCH)
    await expect(
      page.getByRole('button', { name: `Show more favorites (${COUNT - 2 * BATCH} more)` }),
    ).toBeFocused()
    // The new cards sit before the button, in the same list.
    await page.keyboard.press('Shift+Tab')
    await expect(cards.nth(2 * BATCH - 1).getByRole('button', { name: 'Remove' })).toBeFocused()
    await expect(page.getByRole('main').getByRole('list').getByRole('listitem')).toHaveCount(
      2 * BATCH,
    )
  })
})

test.describe('a long list, walked with the keyboard', () => {
  // Ten batches over three grids: every way a batch joins the list, at a tenth of the key
  // presses 1,000 would take. The 1,000-favorites page's speed is the benchmark's to measure.
  const walked = movies.slice(0, 10 * BATCH)

  test.use({ signedIn: user, lists: { favorites: walked } })

  test('End brings every favorite, in one list, up to the last', async ({ page }) => {
    await page.goto('/favorites')
    await expect(page.getByRole('heading', { level: 1, name: 'My Favorites' })).toBeVisible()
    const cards = renderedCards(page)
    await expect(cards).toHaveCount(BATCH)

    // End, as a keyboard user would, until no more come. Now and then an End press does not
    // scroll in Chromium: press again when nothing comes, as a user would.
    for (let count = BATCH; count < walked.length; count = await cards.count()) {
      await expect(async () => {
        await page.keyboard.press('End')
        await expect(cards).not.toHaveCount(count, { timeout: 2000 })
      }).toPass({ timeout: 20_000 })
    }
    const list = page.getByRole('main').getByRole('list')
    await expect(list.getByRole('listitem')).toHaveCount(walked.length)
    await expect(page.getByRole('button', { name: /^Show more favorites/ })).toHaveCount(0)
    const last = list.getByRole('listitem').last()
    await expect(last.getByRole('heading', { level: 2 })).toHaveText(
      walked[walked.length - 1]?.title ?? '',
    )
    await expect(async () => {
      await page.keyboard.press('End')
      await expect(last).toBeInViewport({ timeout: 2000 })
    }).toPass({ timeout: 20_000 })
  })
})
