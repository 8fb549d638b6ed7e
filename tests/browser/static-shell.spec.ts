import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { openShell } from './support/shell'

const TAGLINE = 'Discover amazing movies and build your personal favorites collection'

const tagline = (page: Page) => page.getByText(TAGLINE, { exact: true })

for (const viewport of [
  { width: 1280, height: 720 },
  { width: 412, height: 823 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport })

    test('the home page’s banner paints before the app runs, and the app draws it in the same place', async ({
      page,
    }) => {
      const release = await openShell(page, '/')
      await expect(page.getByRole('heading', { level: 1, name: 'CineList' })).toBeVisible()
      await expect(tagline(page)).toBeVisible()
      const painted = await tagline(page).boundingBox()

      release()
      // The app has replaced the shell once a card of the grid shows beneath the banner.
      await expect(page.getByRole('button', { name: 'Add to Favorites' }).first()).toBeAttached()
      await expect(page.locator('[data-home-shell]')).toHaveCount(0)
      expect(await tagline(page).boundingBox()).toEqual(painted)
    })
  })
}

test('other routes paint no banner before the app runs', async ({ page }) => {
  await openShell(page, '/login')
  await expect(page.locator('#root header')).toBeVisible()
  await expect(page.locator('[data-home-shell]')).toBeHidden()
})

test.describe('signed in', () => {
  test.use({ signedIn: { name: 'Alice', email: 'alice@example.com', password: 'Secret1!' } })

  test('the home page’s banner paints with room for the welcome line, which the app fills in place', async ({
    page,
  }) => {
    const release = await openShell(page, '/')
    await expect(tagline(page)).toBeVisible()
    const painted = await tagline(page).boundingBox()

    release()
    await expect(page.getByText('Welcome, Alice!', { exact: true })).toBeVisible()
    await expect(page.locator('[data-home-shell]')).toHaveCount(0)
    expect(await tagline(page).boundingBox()).toEqual(painted)
  })
})
