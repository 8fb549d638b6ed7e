import { expect, type BrowserContext, type Page } from '@playwright/test'
import { firstOf, logIn, popularGrid, postersLoaded, searchResults, toast } from './app'
import { legacyUsersEntry, seedStorage } from './storage'
import { db } from './tmdb'

export interface Violation {
  url: string
  directive: string
  blocked: string
  sample: string
  source: string
}

declare global {
  interface Window {
    __cspViolations?: Omit<Violation, 'url'>[]
  }
}

/**
 * Records every `securitypolicyviolation` event of every document the page loads, and the
 * console lines Chromium writes when it blocks something.
 */
export async function recordCsp(page: Page) {
  await page.addInitScript(() => {
    window.__cspViolations = []
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations?.push({
        directive: event.effectiveDirective || event.violatedDirective,
        blocked: event.blockedURI,
        sample: event.sample,
        source: `${event.sourceFile}:${event.lineNumber}`,
      })
    })
  })
  const consoleLines: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) consoleLines.push(message.text())
  })
  const violations: Violation[] = []
  /** Moves the current document's violations into `violations` (call before leaving it). */
  const collect = async () => {
    const url = page.url()
    const found = await page.evaluate(() => window.__cspViolations?.splice(0) ?? [])
    violations.push(...found.map((violation) => ({ url, ...violation })))
  }
  return { consoleLines, violations, collect }
}

/** The policy in the page's meta tag, as directive → sources. */
export async function metaPolicy(page: Page): Promise<Map<string, string[]>> {
  const meta = page.locator('meta[http-equiv="Content-Security-Policy"]')
  await expect(meta).toHaveCount(1)
  const content = (await meta.getAttribute('content')) ?? ''
  return new Map(
    content
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name = '', ...sources]) => [name.toLowerCase(), sources]),
  )
}

export async function expectStrictScriptPolicy(page: Page) {
  const policy = await metaPolicy(page)
  // A page the server rendered names its response's nonce too, for the scripts it wrote.
  const scripts = policy.get('script-src') ?? []
  expect(scripts.filter((source) => !/^'nonce-[A-Za-z0-9+/]+={0,2}'$/.test(source))).toEqual([
    "'self'",
  ])
  const everySource = [...policy.values()].flat()
  expect(everySource).not.toContain("'unsafe-inline'")
  expect(everySource).not.toContain("'unsafe-eval'")
  expect(policy.get('object-src')).toEqual(["'none'"])
}

const ACCOUNT = { name: 'Alice', email: 'alice@example.com', password: 'Secret1!' }

/**
 * Every route of the app (behaviour §2), each loaded afresh, plus toasts and a client-side visit,
 * with their posters loaded: whatever the policy blocks shows up in `recordCsp`'s lists.
 */
export async function visitEveryRoute(
  page: Page,
  context: BrowserContext,
  collect: () => Promise<void>,
) {
  const movie = firstOf(db.discover(1).results)
  await seedStorage(context, legacyUsersEntry(ACCOUNT))
  // Under `npm start` the account is the server's: registered there too (a static host has no
  // such route, and a second run finds it taken; either is fine).
  await context.request.post('/api/account/register', { data: ACCOUNT, failOnStatusCode: false })

  const visits: [string, () => Promise<void>][] = [
    [
      '/',
      async () => {
        await expect(popularGrid(page).getByRole('article')).toHaveCount(20)
        await postersLoaded(page)
        // A toast: adding a favorite while signed out.
        await popularGrid(page).getByRole('button', { name: 'Add to Favorites' }).first().click()
        await expect(toast(page, 'Please login first')).toBeVisible()
      },
    ],
    [
      '/?page=2',
      async () => {
        await expect(popularGrid(page).getByRole('heading', { level: 3 })).toHaveText(
          db.discover(2).results.map((item) => item.title),
        )
        await postersLoaded(page)
      },
    ],
    [
      '/search',
      () => expect(page.getByText('Enter a movie title to start searching')).toBeVisible(),
    ],
    [
      '/search?q=star',
      async () => {
        await expect(searchResults(page, 'star').getByRole('link')).toHaveCount(10)
        await postersLoaded(page)
      },
    ],
    [
      `/movie/${movie.id}`,
      async () => {
        await expect(page.getByRole('heading', { level: 1, name: movie.title })).toBeVisible()
        await postersLoaded(page)
      },
    ],
    [
      '/register',
      async () => {
        await page.getByRole('button', { name: 'Register', exact: true }).click()
        await expect(toast(page, 'Please fix the errors')).toBeVisible()
      },
    ],
    [
      '/no-such-page',
      () =>
        expect(
          page.getByText('The page you’re looking for doesn’t seem to exist.', { exact: true }),
        ).toBeVisible(),
    ],
    [
      '/favorites',
      // Signed out: the redirect to /login with its toast.
      () => expect(toast(page, 'You must be logged in to access this page')).toBeVisible(),
    ],
    [
      '/login',
      async () => {
        await page.getByRole('button', { name: 'Login', exact: true }).click()
        await expect(toast(page, 'All fields are required')).toBeVisible()
        await logIn(page, ACCOUNT)
        await expect(popularGrid(page).getByRole('article')).toHaveCount(20)
        await popularGrid(page).getByRole('button', { name: 'Add to Favorites' }).first().click()
        await expect(toast(page, `Added "${movie.title}" to favorites!`)).toBeVisible()
        // Client-side, through the bar.
        await page
          .getByRole('navigation', { name: 'Main' })
          .getByRole('link', { name: 'Favorites' })
          .click()
        await expect(page.getByRole('heading', { level: 1, name: 'My Favorites' })).toBeVisible()
        await postersLoaded(page)
      },
    ],
    [
      '/favorites',
      async () => {
        await expect(page.getByRole('heading', { level: 1, name: 'My Favorites' })).toBeVisible()
        await expect(page.getByRole('button', { name: 'Remove' })).toHaveCount(1)
        await page.getByRole('button', { name: 'Remove' }).click()
        await expect(toast(page, 'Removed from favorites')).toBeVisible()
      },
    ],
    [
      '/account',
      () => expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible(),
    ],
  ]

  for (const [path, ready] of visits) {
    await page.goto(path)
    await ready()
    await collect()
  }
}

/** Every route, toast and poster as `visitEveryRoute` shows them, and nothing the policy blocks. */
export async function expectEveryRouteAllowed(page: Page, context: BrowserContext) {
  const csp = await recordCsp(page)
  await visitEveryRoute(page, context, csp.collect)
  expect(csp.violations, 'securitypolicyviolation events').toEqual([])
  expect(csp.consoleLines, 'console lines about the policy').toEqual([])
}
