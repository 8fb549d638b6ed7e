import { defineConfig, devices } from '@playwright/test'
import { CHROMIUM_ARGS, findChromium } from './scripts/chromium.mjs'

// E2E_PORT moves both servers (and their build folders), so two runs can share a machine.
const DEMO_PORT = Number(process.env.E2E_PORT ?? 4173)
const LIVE_PORT = DEMO_PORT + 1

/** Vite is run directly: `npm test` has typechecked and generated the catalog already. */
const buildAndPreview = (outDir: string, port: number) =>
  `vite build --outDir ${outDir} --emptyOutDir --logLevel warn && vite preview --outDir ${outDir} --port ${port} --strictPort`

export default defineConfig({
  testDir: './tests/browser',
  outputDir: `test-results/${DEMO_PORT}`,
  fullyParallel: true,
  forbidOnly: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    ...devices['Desktop Chrome'],
    launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
    // Recording a trace for every test costs more CPU than the tests themselves on two cores:
    // rerun a failure locally with --trace on to get one.
    trace: 'off',
  },
  projects: [
    {
      // The app as `npm run dev` gives it: no credential, demo catalog served by the mock worker.
      name: 'demo',
      testIgnore: /live\..*\.spec\.ts/,
      use: { baseURL: `http://localhost:${DEMO_PORT}` },
    },
    {
      // A credentialed build: no worker; TMDB is intercepted by the tests with page.route.
      name: 'live',
      testMatch: /live\..*\.spec\.ts/,
      use: { baseURL: `http://localhost:${LIVE_PORT}` },
    },
  ],
  webServer: [
    {
      command: buildAndPreview(`dist-e2e-demo-${DEMO_PORT}`, DEMO_PORT),
      url: `http://localhost:${DEMO_PORT}`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: { VITE_TMDB_TOKEN: '', VITE_TMDB_API_KEY: '' },
    },
    {
      command: buildAndPreview(`dist-e2e-live-${LIVE_PORT}`, LIVE_PORT),
      url: `http://localhost:${LIVE_PORT}`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: { VITE_TMDB_TOKEN: 'test-read-token', VITE_TMDB_API_KEY: 'test-api-key' },
    },
  ],
})
