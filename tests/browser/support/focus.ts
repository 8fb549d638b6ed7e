import { expect, type Locator, type Page } from '@playwright/test'

/** The element that has focus is this one. */
export const isFocused = (locator: Locator) =>
  locator.evaluate((element) => element === document.activeElement)

/** Presses Tab (or Shift+Tab) until `target` has focus. */
export async function tabTo(page: Page, target: Locator, { backwards = false, max = 80 } = {}) {
  await expect(target).toBeVisible()
  for (let step = 0; step < max; step++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab')
    if (await isFocused(target)) return
  }
  throw new Error(
    `${String(target)} not reached in ${max} presses of ${backwards ? 'Shift+Tab' : 'Tab'}`,
  )
}

/** How far outside and inside its box an element's focus indicator is looked for, in px. */
const RING_REACH = 6

/**
 * The share of the focused element's outline, walked all the way round, along which the
 * pixels on screen change when it takes focus: 1 when a ring shows on every side, about 0.25
 * when all but one side is clipped or covered. Measured on real pixels, so it sees what a
 * person sees: whatever a card clips, a sticky bar covers or a poster's colours hide.
 */
export async function focusRingCoverage(page: Page, target: Locator): Promise<number> {
  await target.scrollIntoViewIfNeeded()
  // The element's box in the viewport, widened to where an outline can be drawn.
  const box = await target.evaluate((element) => {
    const rect = element.getBoundingClientRect()
    return { x: rect.x, y: rect.y, width: rect.width, height: rect.height }
  })
  const clip = {
    x: Math.max(0, Math.floor(box.x) - RING_REACH),
    y: Math.max(0, Math.floor(box.y) - RING_REACH),
    width: Math.ceil(box.width) + 2 * RING_REACH,
    height: Math.ceil(box.height) + 2 * RING_REACH,
  }
  const before = await page.screenshot({ clip, animations: 'disabled', caret: 'hide' })
  // After a key, focus shows as a keyboard user's does (:focus-visible), as after a Tab.
  await page.keyboard.press('Shift')
  await target.focus()
  const after = await page.screenshot({ clip, animations: 'disabled', caret: 'hide' })
  return page.evaluate(
    async ({ before, after, reach }) => {
      const pixels = async (base64: string) => {
        const image = new Image()
        image.src = `data:image/png;base64,${base64}`
        await image.decode()
        const canvas = document.createElement('canvas')
        canvas.width = image.width
        canvas.height = image.height
        const context = canvas.getContext('2d')
        if (!context) throw new Error('no 2d canvas')
        context.drawImage(image, 0, 0)
        return context.getImageData(0, 0, image.width, image.height)
      }
      const [a, b] = [await pixels(before), await pixels(after)]
      const changed = (x: number, y: number) => {
        if (x < 0 || y < 0 || x >= a.width || y >= a.height) return false
        const i = (y * a.width + x) * 4
        const delta =
          Math.abs((a.data[i] ?? 0) - (b.data[i] ?? 0)) +
          Math.abs((a.data[i + 1] ?? 0) - (b.data[i + 1] ?? 0)) +
          Math.abs((a.data[i + 2] ?? 0) - (b.data[i + 2] ?? 0))
        return delta > 60
      }
      // The element's edges in the screenshot, and a walk round them one pixel at a time; at
      // each step, a change anywhere within `reach` across the edge counts.
      const left = reach
      const top = reach
      const right = a.width - reach - 1
      const bottom = a.height - reach - 1
      let steps = 0
      let lit = 0
      const across = (x: number, y: number, dx: number, dy: number) => {
        steps++
        for (let d = -reach; d <= reach; d++) {
          if (changed(x + d * dx, y + d * dy)) {
            lit++
            return
          }
        }
      }
      for (let x = left; x <= right; x++) {
        across(x, top, 0, 1)
        across(x, bottom, 0, 1)
      }
      for (let y = top; y <= bottom; y++) {
        across(left, y, 1, 0)
        across(right, y, 1, 0)
      }
      return lit / steps
    },
    { before: before.toString('base64'), after: after.toString('base64'), reach: RING_REACH },
  )
}
