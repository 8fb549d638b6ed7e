import { defineConfig } from '@playwright/test'
import { BROWSER_UI_FEATURES, CHROMIUM_ARGS, findChromium } from '../../scripts/chromium.mjs'
import { withDisabledFeatures } from '../../scripts/chromium.mjs'
import { BENCH } from './support'

/** The bench's browser figures, on the servers `npm run bench` starts (docs/performance.md). */
export default defineConfig({
  testMatch: '*.perf.ts',
  outputDir: '../../test-results/perf',
  workers: 1,
  timeout: 300_000,
  reporter: 'list',
  use: {
    baseURL: BENCH.static,
    launchOptions: {
      executablePath: findChromium(),
      // Chromium reads one --disable-features list: this one replaces Playwright's, which is
      // there for request interception (unused here), with the browser window's own UI work.
      args: withDisabledFeatures(CHROMIUM_ARGS, BROWSER_UI_FEATURES),
    },
  },
})
