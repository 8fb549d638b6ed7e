// @ts-check
import { ensureChromium } from './chromium.mjs'

console.log(`Chromium: ${ensureChromium()}`)
