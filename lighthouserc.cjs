// @ts-check
/**
 * Lighthouse CI for `npm run bench`, which serves the builds and sets the env: Lighthouse's
 * default mobile run (simulated throttling) of each route of the static build (BENCH_MODE=static)
 * or of `npm start` (server), and the budgets each is held to.
 */
const { BROWSER_UI_FEATURES, CHROMIUM_ARGS, findChromium } = require('./scripts/chromium.mjs')
const { withDisabledFeatures } = require('./scripts/chromium.mjs')

const { BENCH_MODE = 'static', BENCH_RUNS = '5', BENCH_MOVIE_ID = '0' } = process.env
const STATIC = process.env.BENCH_STATIC_URL ?? 'http://127.0.0.1:4701'
const SERVER = process.env.BENCH_SERVER_URL ?? 'http://127.0.0.1:4702'
const BASE = BENCH_MODE === 'server' ? SERVER : STATIC
// chrome-launcher's own list, which a second --disable-features flag would otherwise replace.
const LAUNCHER_FEATURES = [
  ...['Translate', 'OptimizationHints', 'MediaRouter', 'DialMediaRouteProvider'],
  ...['CalculateNativeWinOcclusion', 'InterestFeedContentSuggestions', 'RenderDocument'],
  ...['CertificateTransparencyComponentUpdater', 'AutofillServerCommunication'],
  'PrivacySandboxSettings4',
]
const flags = [`--disable-features=${LAUNCHER_FEATURES.join(',')}`, ...CHROMIUM_ARGS]

/** The median of the runs' scores, each at least `minScore`. */
const scores = (/** @type {Record<string, number>} */ minimums) =>
  Object.fromEntries(
    Object.entries(minimums).map(([category, minScore]) => [
      `categories:${category}`,
      ['error', { minScore, aggregationMethod: 'median' }],
    ]),
  )
/** An audit's figure at most `maxNumericValue`: the median of the runs, or the median run's. */
const atMost = (/** @type {number} */ maxNumericValue, aggregationMethod = 'median') => [
  'error',
  { maxNumericValue, aggregationMethod },
]

module.exports = {
  ci: {
    collect: {
      url: ['/', '/search?q=star', `/movie/${BENCH_MOVIE_ID}`, '/login'].map((path) => BASE + path),
      numberOfRuns: Number(BENCH_RUNS),
      chromePath: findChromium(),
      settings: {
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        chromeFlags: withDisabledFeatures(flags, BROWSER_UI_FEATURES).join(' '),
        // npm start's pages, sent with Cross-Origin-Opener-Policy, start from a page of their
        // own (a missing file): from about:blank Chromium would start them in a new renderer
        // process, which a static host's pages are spared.
        blankPage: BENCH_MODE === 'server' ? `${SERVER}/lighthouse-start.txt` : 'about:blank',
      },
    },
    assert: {
      includePassedAssertions: true,
      assertMatrix: [
        {
          matchingUrlPattern: `^${STATIC}/`,
          assertions: {
            ...scores({ performance: 0.98, accessibility: 1, 'best-practices': 1, seo: 1 }),
            'cumulative-layout-shift': atMost(0, 'median-run'),
          },
        },
        {
          matchingUrlPattern: `^${STATIC}/$`,
          assertions: { 'largest-contentful-paint': atMost(2000) },
        },
        {
          // Best practices looks at the headers the server adds (CSP, COOP, HSTS...); the
          // page's main work once it has painted is hydration, in TBT.
          matchingUrlPattern: `^${SERVER}/`,
          assertions: {
            ...scores({ performance: 0.98, 'best-practices': 1 }),
            'total-blocking-time': atMost(50, 'median-run'),
          },
        },
        {
          // The server renders the films into the page (docs/architecture.md, the render path).
          matchingUrlPattern: `^${SERVER}/$`,
          assertions: { 'largest-contentful-paint': atMost(1200) },
        },
      ],
    },
  },
}
