import type { Page } from '@playwright/test'
import { http, HttpResponse } from 'msw'
import { SEARCH_DEBOUNCE_MS } from '../../src/features/search/constants'
import { TMDB_ERRORS } from '../../src/mocks/handlers'
import { TMDB_ENDPOINTS, type TmdbEndpoint } from '../../src/mocks/scenarios'
import {
  expectedSearch,
  firstOf,
  mainNav,
  popularGrid,
  searchBox,
  searchResults,
} from './support/app'
import { expect, test, type PageProblems } from './support/fixtures'
import { API_ORIGIN, callOf, db, type TmdbCall } from './support/tmdb'

/**
 * Every TMDB call (discover, search, detail) against every way TMDB or the network can fail,
 * checked against behaviour §8: the popular list fails silently (logged only), search shows
 * “Error fetching data”, detail shows “Failed to load movie details”. The app's retry policy
 * (src/lib/query-client.ts) decides how many attempts each fault costs and how long each retry
 * waits: the page's clock is Playwright's, run on past those waits, so they cost no real time.
 */

const tmdbError = (status_code: number, status_message: string) => ({
  success: false,
  status_code,
  status_message,
})

interface Fault {
  name: string
  /** Requests per load the retry policy allows: 1, then up to 2 retries (5xx) or 3 (429). */
  attempts?: number
  /** The smallest wait between two attempts, in ms. */
  minGapMs?: number
  /** Never answered until the test lets it go. */
  stall?: boolean
  /** TMDB's answer to the call. */
  answer?: (call: TmdbCall) => Response
}

const tooManyRequests = tmdbError(25, 'Your request count (41) is over the allowed limit of 40.')

const FAULTS: Fault[] = [
  {
    name: 'HTTP 401 {status_code: 7}',
    attempts: 1,
    answer: () =>
      HttpResponse.json(tmdbError(7, 'Invalid API key: You must be granted a valid key.'), {
        status: 401,
      }),
  },
  {
    name: 'HTTP 404 {status_code: 34}',
    attempts: 1,
    answer: () => HttpResponse.json(TMDB_ERRORS.notFound.body, { status: 404 }),
  },
  {
    name: 'HTTP 429 {status_code: 25} with Retry-After: 1',
    attempts: 4,
    minGapMs: 900,
    answer: () =>
      HttpResponse.json(tooManyRequests, {
        status: 429,
        // TMDB exposes Retry-After to browsers; without this header CORS would hide it.
        headers: { 'Retry-After': '1', 'Access-Control-Expose-Headers': 'Retry-After' },
      }),
  },
  {
    name: 'HTTP 429 {status_code: 25} without Retry-After',
    attempts: 4,
    minGapMs: 400,
    answer: () => HttpResponse.json(tooManyRequests, { status: 429 }),
  },
  {
    name: 'HTTP 500',
    attempts: 3,
    minGapMs: 400,
    answer: () =>
      HttpResponse.json(tmdbError(11, 'Internal error: Something went wrong, contact TMDb.'), {
        status: 500,
      }),
  },
  {
    name: 'HTTP 503 {status_code: 46}',
    attempts: 3,
    minGapMs: 400,
    answer: () =>
      HttpResponse.json(tmdbError(46, 'The API is undergoing maintenance. Try again later.'), {
        status: 503,
      }),
  },
  {
    name: 'a network failure',
    attempts: 3,
    minGapMs: 400,
    answer: () => HttpResponse.error(),
  },
  {
    name: 'a 200 with malformed JSON',
    attempts: 1,
    answer: () =>
      new HttpResponse('{"page":1,"results":[{"id":1,"title":"Cut off', {
        headers: { 'Content-Type': 'application/json;charset=utf-8' },
      }),
  },
  {
    name: 'a 200 with a wrong shape',
    attempts: 1,
    answer: (call) =>
      HttpResponse.json(
        call === 'detail' ? { title: 1 } : { page: 1, results: 'nope', total_pages: 1 },
      ),
  },
  { name: 'a stall (no answer)', stall: true },
]

const detailMovie = firstOf(db.discover(1).results.slice(5))
const TERM = 'matrix'
const NEW_TERM = 'alien'

const heading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 1, name, exact: true })
const navLink = (page: Page, name: 'Home' | 'Search') =>
  mainNav(page).getByRole('link', { name, exact: true })

interface Screen {
  visit: (page: Page) => Promise<unknown>
  /** What behaviour §8 prescribes for a failed call. */
  expectFailure: (page: Page) => Promise<void>
  expectStalled: (page: Page) => Promise<void>
  /** The nav link leading away from the screen. */
  away: 'Home' | 'Search'
  /** The data shows once TMDB answers again (after a failure: the screen's own way back). */
  expectRecovered: (page: Page, afterFailure: boolean) => Promise<void>
}

async function expectPopularGrid(page: Page) {
  await expect(popularGrid(page).getByRole('article')).toHaveCount(20)
  await expect(popularGrid(page).getByRole('heading', { level: 3 })).toHaveText(
    db.discover(1).results.map((movie) => movie.title),
  )
}

const SCREENS: Record<TmdbCall, Screen> = {
  discover: {
    visit: (page) => page.goto('/'),
    expectFailure: async (page) => {
      await expect(heading(page, 'CineList')).toBeVisible()
      await expect(
        page.getByText('Discover amazing movies and build your personal favorites collection'),
      ).toBeVisible()
      await expect(popularGrid(page)).toHaveCount(0)
      await expect(page.getByRole('alert')).toHaveCount(0)
      await expect(page.locator('[data-sonner-toast]')).toHaveCount(0)
      await expect(page.getByText(/error|failed|went wrong/i)).toHaveCount(0)
    },
    expectStalled: async (page) => {
      await expect(heading(page, 'CineList')).toBeVisible()
      await expect(popularGrid(page)).toHaveCount(0)
      await expect(page.getByRole('alert')).toHaveCount(0)
    },
    away: 'Search',
    expectRecovered: async (page, afterFailure) => {
      // Behaviour §8 shows nothing on failure: the way back is the next visit.
      if (afterFailure) {
        await navLink(page, 'Search').click()
        await expect(heading(page, 'Search Movies')).toBeVisible()
        await navLink(page, 'Home').click()
      }
      await expect(heading(page, 'CineList')).toBeVisible()
      await expectPopularGrid(page)
    },
  },
  search: {
    visit: (page) => page.goto(`/search?q=${TERM}`),
    expectFailure: async (page) => {
      await expect(page.getByText('Error fetching data', { exact: true })).toBeVisible()
      await expect(page.getByRole('alert')).toHaveText('Error fetching data')
      await expect(page.getByRole('list', { name: /^Results for/ })).toHaveCount(0)
      await expect(page.getByText('Loading...')).toHaveCount(0)
    },
    expectStalled: async (page) => {
      await expect(page.getByText('Loading...', { exact: true })).toBeVisible()
      await expect(page.getByRole('alert')).toHaveCount(0)
      await expect(page.getByRole('list', { name: /^Results for/ })).toHaveCount(0)
    },
    away: 'Home',
    expectRecovered: async (page, afterFailure) => {
      // After a failure the user tries another term; a late answer fills the first one in.
      const term = afterFailure ? NEW_TERM : TERM
      if (afterFailure) {
        await searchBox(page).fill(term)
        await page.clock.runFor(SEARCH_DEBOUNCE_MS)
      }
      await expect(searchResults(page, term).getByRole('link')).toHaveText(
        expectedSearch(term).movies.map((movie) => movie.title),
      )
      await expect(page.getByText('Error fetching data')).toHaveCount(0)
    },
  },
  detail: {
    visit: (page) => page.goto(`/movie/${detailMovie.id}`),
    expectFailure: async (page) => {
      await expect(page.getByText('Failed to load movie details', { exact: true })).toBeVisible()
      await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible()
      await expect(heading(page, detailMovie.title)).toHaveCount(0)
      await expect(page.getByText('Loading...')).toHaveCount(0)
    },
    expectStalled: async (page) => {
      await expect(page.getByText('Loading...', { exact: true })).toBeVisible()
      await expect(page.getByText('Failed to load movie details')).toHaveCount(0)
      await expect(heading(page, detailMovie.title)).toHaveCount(0)
    },
    away: 'Home',
    expectRecovered: async (page, afterFailure) => {
      if (afterFailure) await page.getByRole('button', { name: 'Try again' }).click()
      await expect(heading(page, detailMovie.title)).toBeVisible()
      await expect(page.getByText('Failed to load movie details')).toHaveCount(0)
    },
  },
}

/** The endpoint (as tmdbScenario names it) of each call. */
const ENDPOINTS: Record<TmdbCall, TmdbEndpoint> = {
  discover: 'discover',
  search: 'search',
  detail: 'movie',
}

/** Whether a request is the faulted call's first page (search asks for more pages after it). */
const isFirstAttemptUrl = (call: TmdbCall, url: URL) =>
  call !== 'search' || url.searchParams.get('page') === '1'

interface Sent {
  url: string
  /** When the request left and when its answer (or its failure) came, in the page's clock. */
  sent: number
  settled?: number
}

/** Records, in the page's (fake) clock, when each TMDB request is sent and answered. */
async function recordTmdbTimes(page: Page) {
  await page.addInitScript((origin) => {
    const log: Sent[] = []
    Reflect.set(window, '__e2eTmdbTimes', log)
    const send = window.fetch.bind(window)
    window.fetch = (input, init) => {
      const url = input instanceof Request ? input.url : String(input)
      const answer = send(input, init)
      if (url.startsWith(origin)) {
        const entry: Sent = { url, sent: Date.now() }
        log.push(entry)
        const settle = () => {
          entry.settled = Date.now()
        }
        answer.then(settle, settle)
      }
      return answer
    }
  }, API_ORIGIN)
  return () => page.evaluate(() => Reflect.get(window, '__e2eTmdbTimes') as Sent[])
}

const failureLogged = (problems: PageProblems) =>
  problems.consoleErrors.some((text) => text.startsWith('TMDB request failed'))

// Behaviour §8: every failure is logged; a failed detail also reaches the route's error
// boundary, whose error React logs. Those console errors are expected here.
test.use({ allowedConsoleErrors: /^(TMDB request failed|TmdbError: )/ })

for (const [call, screen] of Object.entries(SCREENS) as [TmdbCall, Screen][]) {
  test.describe(`${call} call`, () => {
    for (const fault of FAULTS) {
      test(`${fault.name}: behaviour §8 outcome, nav still works, recovery`, async ({
        page,
        tmdb,
        pageProblems,
      }) => {
        let failing = true
        let release = () => {}
        const released = new Promise<void>((resolve) => {
          release = resolve
        })
        /** The faulted requests, first pages only. */
        const faulted: string[] = []
        tmdb.use(
          http.get(`${API_ORIGIN}${TMDB_ENDPOINTS[ENDPOINTS[call]]}`, async ({ request }) => {
            if (!failing) return undefined
            if (isFirstAttemptUrl(call, new URL(request.url))) faulted.push(request.url)
            if (fault.stall) {
              await released
              // Answered late, as TMDB normally would.
              return undefined
            }
            return fault.answer?.(call)
          }),
        )
        const tmdbTimes = await recordTmdbTimes(page)
        await page.clock.install()
        await screen.visit(page)

        if (fault.stall) {
          await screen.expectStalled(page)
          // Ten seconds without an answer: the client has no timeout (behaviour §9), still loading.
          await page.clock.fastForward(10_000)
          await screen.expectStalled(page)
          // Nothing gave up or asked again on its own.
          expect(faulted).toHaveLength(1)
          expect(failureLogged(pageProblems)).toBe(false)
          // The user can leave a screen that hangs, and come back to it.
          await navLink(page, screen.away).click()
          await expect(
            heading(page, screen.away === 'Home' ? 'CineList' : 'Search Movies'),
          ).toBeVisible()
          await page.goBack()
          await screen.expectStalled(page)
        } else {
          // Retries wait in the page's clock: run it on until the app gives up. Behaviour §8:
          // the failure is then logged (for the popular list it is the only trace).
          await expect
            .poll(
              async () => {
                if (!failureLogged(pageProblems)) await page.clock.runFor(100)
                return failureLogged(pageProblems)
              },
              { intervals: [10], timeout: 15_000 },
            )
            .toBe(true)
          await screen.expectFailure(page)
          if (fault.minGapMs !== undefined) {
            const attempts = (await tmdbTimes())
              .filter(({ url }) => {
                const parsed = new URL(url)
                return callOf(parsed) === call && isFirstAttemptUrl(call, parsed)
              })
              .slice(0, fault.attempts)
            // From each failed answer to the next attempt.
            const waits = attempts
              .slice(1)
              .map(({ sent }, index) => sent - (attempts[index]?.settled ?? Infinity))
            expect(waits).toHaveLength((fault.attempts ?? 1) - 1)
            expect(
              waits.every((wait) => wait >= (fault.minGapMs ?? 0)),
              `waits between attempts ${JSON.stringify(waits)} ms, at least ${fault.minGapMs} ms each`,
            ).toBe(true)
          }
        }

        failing = false
        release()
        await screen.expectRecovered(page, !fault.stall)

        // The navigation bar still works.
        await navLink(page, 'Search').click()
        await expect(heading(page, 'Search Movies')).toBeVisible()
        await navLink(page, 'Home').click()
        await expect(heading(page, 'CineList')).toBeVisible()

        if (!fault.stall) {
          // The retry policy's attempts for the failed visit, and no more: nothing else asked
          // while TMDB was failing (the next visit asks again, once it is answered).
          expect(faulted.length, 'requests made while TMDB was failing').toBe(fault.attempts)
        }
      })
    }
  })
}
