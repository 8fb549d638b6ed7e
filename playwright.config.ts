import { defineConfig, devices } from '@playwright/test'
import { CHROMIUM_ARGS, findChromium } from './scripts/chromium.mjs'
import type { FixtureOptions } from './tests/browser/support/fixtures'
import { SERVER_TMDB_TOKEN } from './tests/browser/support/server'

// E2E_PORT moves both servers (and their build folders), so two runs can share a machine.
const DEMO_PORT = Number(process.env.E2E_PORT ?? 4173)
const LIVE_PORT = DEMO_PORT + 1
/** `npm start` without a credential: the server answers from the demo catalog. */
const SERVER_DEMO_PORT = DEMO_PORT + 2
/** `npm start` with a credential, in front of a local fake TMDB: the demo server above. */
const SERVER_PROXY_PORT = DEMO_PORT + 3
const DEMO_DIST = `dist-e2e-demo-${DEMO_PORT}`
/** Each server's accounts database, new for every run. */
const dataDir = (port: number) => `data-e2e-${port}`
const SERVER_DIST = `dist-e2e-server-${DEMO_PORT}`

/** `npm start` on `port`, serving the demo build, with its own accounts database. */
const serverEnv = (port: number) => ({
  PORT: String(port),
  DIST_DIR: DEMO_DIST,
  DATA_DIR: dataDir(port),
  // Every test, and the proxy server, comes from 127.0.0.1.
  RATE_LIMIT_MAX: '100000',
  // Every test signs in from 127.0.0.1: the per-account limit is the one under test.
  LOGIN_LIMIT_PER_CLIENT: '100000',
  LOGIN_SLOWDOWN_MS: '0',
  SIGNUP_LIMIT_PER_HOUR: '100000',
  SYNC_LIMIT_PER_MINUTE: '100000',
  LOG_LEVEL: 'warn',
})

/**
 * Vite is run directly: `npm test` has typechecked and generated the catalog already. The build
 * is served as a static host serves it (real 404s, compression, caching), not by `vite preview`,
 * which answers a missing file with the page.
 */
const buildAndServe = (outDir: string, port: number) =>
  `vite build --outDir ${outDir} --emptyOutDir --logLevel warn && node scripts/bench/static-server.mjs ${outDir} ${port}`

export default defineConfig<FixtureOptions>({
  testDir: './tests/browser',
  outputDir: `test-results/${DEMO_PORT}`,
  fullyParallel: true,
  forbidOnly: true,
  workers: 2,
  retries: 0,
  // Room for a 2-core machine shared with other work, where a test with several sign-ins (each
  // a deliberately slow password hash) has taken over 30 s; each check still waits 10 s at most.
  timeout: 45_000,
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
      testIgnore: /(live|server)\..*\.spec\.ts/,
      use: { baseURL: `http://localhost:${DEMO_PORT}` },
    },
    {
      // A credentialed build: no worker; the tests answer TMDB (the `tmdb` fixture).
      name: 'live',
      testMatch: /live\..*\.spec\.ts/,
      use: { baseURL: `http://localhost:${LIVE_PORT}`, answerTmdb: true },
    },
    {
      // The demo build served by `npm start` with no credential.
      name: 'server-demo',
      testMatch: /server\..*\.spec\.ts/,
      use: { baseURL: `http://127.0.0.1:${SERVER_DEMO_PORT}` },
    },
    {
      // The spec's flows of favorites and lists, and the keyboard's, with the accounts on the
      // server: `npm start` as it runs by default.
      name: 'server-accounts',
      testMatch: /\/(favorites|lists|keyboard)\.spec\.ts/,
      use: { baseURL: `http://127.0.0.1:${SERVER_DEMO_PORT}`, serverAccounts: true },
    },
    {
      // The same build served by `npm start` with a credential, proxying a fake TMDB. Accounts,
      // and the pages' hydration, are the same code in both: tested once, above.
      name: 'server-proxy',
      testMatch: /server\..*\.spec\.ts/,
      testIgnore: /server\.(accounts.*|hydration)\.spec\.ts/,
      use: { baseURL: `http://127.0.0.1:${SERVER_PROXY_PORT}` },
    },
  ],
  webServer: [
    {
      command: buildAndServe(DEMO_DIST, DEMO_PORT),
      url: `http://localhost:${DEMO_PORT}`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: { VITE_TMDB_TOKEN: '', VITE_TMDB_API_KEY: '' },
    },
    {
      command: buildAndServe(`dist-e2e-live-${LIVE_PORT}`, LIVE_PORT),
      url: `http://localhost:${LIVE_PORT}`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: { VITE_TMDB_TOKEN: 'test-read-token', VITE_TMDB_API_KEY: 'test-api-key' },
    },
    // Servers start in this order, each once the one before answers: the demo build is done.
    {
      command: `vite build --config server/vite.config.ts --outDir ${SERVER_DIST} && rm -rf ${dataDir(SERVER_DEMO_PORT)} && node ${SERVER_DIST}/main.js`,
      url: `http://127.0.0.1:${SERVER_DEMO_PORT}/readyz`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: { ...serverEnv(SERVER_DEMO_PORT), TMDB_TOKEN: '', TMDB_API_KEY: '' },
    },
    {
      command: `rm -rf ${dataDir(SERVER_PROXY_PORT)} && node ${SERVER_DIST}/main.js`,
      url: `http://127.0.0.1:${SERVER_PROXY_PORT}/readyz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        ...serverEnv(SERVER_PROXY_PORT),
        TMDB_TOKEN: SERVER_TMDB_TOKEN,
        TMDB_API_KEY: '',
        TMDB_API_URL: `http://127.0.0.1:${SERVER_DEMO_PORT}/api/tmdb`,
        TMDB_IMAGE_URL: `http://127.0.0.1:${SERVER_DEMO_PORT}/demo-images`,
      },
    },
  ],
})
