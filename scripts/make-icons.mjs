// @ts-check
/**
 * Draws the app's icons (public/icons/) from the favicon's design in index.html: a film frame on
 * the brand yellow. Run once after changing the design (`node scripts/make-icons.mjs`); the PNGs
 * are committed. Rendered by the system Chromium (scripts/chromium.mjs), so nothing is
 * downloaded.
 */
import { mkdir } from 'node:fs/promises'
import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS, findChromium } from './chromium.mjs'

const FRAME =
  'M9 8h14a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H9a2 2 0 0 1-2-2V10a2 2 0 0 1 2-2zm0 3v2h2v-2zm0 8v2h2v-2zm12-8v2h2v-2zm0 8v2h2v-2zm-7-6v6l5-3z'

/**
 * @param {{ maskable: boolean }} options A maskable icon fills its square with the background
 *   and keeps the frame inside the central 80% circle (the safe zone a mask may not cut);
 *   the regular one is the favicon's rounded square.
 */
const svg = ({ maskable }) =>
  maskable
    ? `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#f5c518"/><g transform="translate(16 16) scale(0.6) translate(-16 -16)"><path d="${FRAME}" fill="#020617"/></g></svg>`
    : `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#f5c518"/><path d="${FRAME}" fill="#020617"/></svg>`

const ICONS = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'maskable-512.png', size: 512, maskable: true },
  // iOS rounds the corners itself and shows transparency as black: a full square.
  { file: 'apple-touch-icon-180.png', size: 180, maskable: true },
]

const outDir = new URL('../public/icons/', import.meta.url)
await mkdir(outDir, { recursive: true })
const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS })
try {
  for (const { file, size, maskable } of ICONS) {
    const page = await browser.newPage({ viewport: { width: size, height: size } })
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg({ maskable })}`,
    )
    await page.screenshot({ path: new URL(file, outDir).pathname, omitBackground: true })
    await page.close()
  }
} finally {
  await browser.close()
}
