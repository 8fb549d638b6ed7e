// @ts-check
/**
 * The demo catalog's posters are SVG: right for a demo that ships no images, but Chromium lays
 * out and paints each SVG image as a small document on the page's main thread, which TMDB's
 * JPEG posters never cost (they are decoded off it). The bench's TMDB serves them as JPEG,
 * rasterised once each by Chromium, so the pages are measured with posters like TMDB's.
 */
import { chromium } from '@playwright/test'

/** TMDB's poster widths, by size name; posters are 2:3. */
const WIDTHS = /** @type {Record<string, number>} */ ({ w200: 200, w300: 300 })

/**
 * @param {string} chromePath
 * @returns {Promise<{ toJpeg: (svg: string, size: string) => Promise<Buffer>, close: () => Promise<void> }>}
 */
export async function startPosterRasterizer(chromePath) {
  const browser = await chromium.launch({ executablePath: chromePath })
  const page = await browser.newPage()
  /** @type {Promise<unknown>} One page, so one poster at a time. */
  let queue = Promise.resolve()
  return {
    toJpeg: (svg, size) => {
      const width = WIDTHS[size] ?? 300
      const height = Math.round(width * 1.5)
      const next = queue.then(async () => {
        await page.setViewportSize({ width, height })
        const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`
        await page.setContent(
          `<body style="margin:0"><img src="${src}" width="${width}" height="${height}"></body>`,
        )
        await page
          .locator('img')
          .evaluate((image) => /** @type {HTMLImageElement} */ (image).decode())
        return page.screenshot({ type: 'jpeg', quality: 80 })
      })
      queue = next.catch(() => undefined)
      return next
    },
    close: () => browser.close(),
  }
}
