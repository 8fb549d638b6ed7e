import { test as base, expect, type BrowserContext, type Page } from '@playwright/test'
import {
  breakStorage,
  presetEntries,
  seedStorage,
  type Account,
  type StorageFault,
  type StoragePreset,
  type StoredLists,
} from './storage'
import { serveTmdb, type Tmdb } from './tmdb'

export { expect }

/** Set with `test.use` (or per project in playwright.config.ts). */
export interface FixtureOptions {
  /** Raw localStorage entries the test starts with, written after the presets below. */
  storage: Record<string, string>
  /** The user signed in from the start: registered too, and the current user. */
  signedIn: Account | null
  /** The signed-in user's favorites, watchlist and seen list. */
  lists: StoredLists
  /** Storage that refuses every write ('full') or throws on any access ('disabled'). */
  storageFault: StorageFault | null
  /**
   * The console errors the test provokes on purpose (a TMDB failure is logged, say), as one
   * pattern. Any other console error, and any uncaught exception, fails the test.
   */
  allowedConsoleErrors: RegExp | null
  /** The tests answer TMDB, as for the credentialed build of the live project. */
  answerTmdb: boolean
  /**
   * Accounts live on the server (`npm start`): `signedIn` is registered and signed in there,
   * its session cookie in the context, rather than written into the browser's users list.
   */
  serverAccounts: boolean
}

/** What the test's pages reported, besides what they showed. */
export interface PageProblems {
  /** Uncaught exceptions, as "Name: message". */
  uncaught: string[]
  /** The app's console errors (Chromium's own "Failed to load resource" lines left out). */
  consoleErrors: string[]
}

interface Fixtures {
  /** Watches every page of the test's contexts; checked once the test has run. */
  pageProblems: PageProblems
  /** TMDB for the live project: the demo catalog's handlers, behind those the test adds. */
  tmdb: Tmdb
  /** A second tab of the test's browser: same storage, its own page. */
  otherTab: Page
  /** Another browser context (another browser, as far as storage goes), watched as the first. */
  newContext: (preset?: StoragePreset) => Promise<BrowserContext>
}

function watch(context: BrowserContext, problems: PageProblems) {
  context.on('weberror', (webError) => {
    const error = webError.error()
    problems.uncaught.push(`${error.name}: ${error.message}`)
  })
  context.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      problems.consoleErrors.push(message.text())
    }
  })
}

/**
 * With accounts on the server, the account a test signs in with is its own (its e-mail tagged
 * with the test), in every context of the test: the server keeps each account's lists, which
 * tests running side by side must not share.
 */
export function testsOwn(account: Account): Account {
  const [local, domain] = account.email.split('@')
  const { testId, repeatEachIndex } = base.info()
  return {
    ...account,
    email: `${local ?? ''}+${testId}-${String(repeatEachIndex)}@${domain ?? ''}`,
  }
}

async function prepare(context: BrowserContext, given: StoragePreset, fault: StorageFault | null) {
  const preset =
    given.serverAccounts && given.signedIn
      ? { ...given, signedIn: testsOwn(given.signedIn) }
      : given
  const account = preset.signedIn
  if (preset.serverAccounts && account) {
    // Registered once per run (a later test finds it taken), signed in once per context.
    await context.request.post('/api/account/register', { data: account, failOnStatusCode: false })
    const signedIn = await context.request.post('/api/account/login', {
      data: { email: account.email, password: account.password },
    })
    expect(signedIn.status(), `signing ${account.email} in on the server`).toBe(200)
  }
  await seedStorage(context, presetEntries(preset))
  if (fault) await breakStorage(context, fault)
}

const notAnswered: Tmdb = {
  get requests(): never {
    throw new Error('TMDB is answered by the tests in projects with answerTmdb (the live one)')
  },
  use() {
    throw new Error('TMDB is answered by the tests in projects with answerTmdb (the live one)')
  },
}

export const test = base.extend<FixtureOptions & Fixtures>({
  storage: [{}, { option: true }],
  signedIn: [null, { option: true }],
  lists: [{}, { option: true }],
  storageFault: [null, { option: true }],
  allowedConsoleErrors: [null, { option: true }],
  answerTmdb: [false, { option: true }],
  serverAccounts: [false, { option: true }],

  context: async ({ context, storage, signedIn, lists, storageFault, serverAccounts }, provide) => {
    await prepare(context, { storage, signedIn, lists, serverAccounts }, storageFault)
    await provide(context)
  },

  pageProblems: [
    async ({ context, allowedConsoleErrors }, provide) => {
      const problems: PageProblems = { uncaught: [], consoleErrors: [] }
      watch(context, problems)
      await provide(problems)
      const unexpected = problems.consoleErrors.filter((text) => !allowedConsoleErrors?.test(text))
      expect(problems.uncaught, 'uncaught exceptions in the page').toEqual([])
      expect(unexpected, 'console errors in the page (see allowedConsoleErrors)').toEqual([])
    },
    { auto: true },
  ],

  tmdb: [
    async ({ context, answerTmdb }, provide) => {
      await provide(answerTmdb ? await serveTmdb(context) : notAnswered)
    },
    { auto: true },
  ],

  // A page the server rendered takes clicks once its code has run: a test acts on it then, as
  // a person does once it answers. Its router's data, read as it hydrates, is then gone.
  page: async ({ page }, provide) => {
    const goto = page.goto.bind(page)
    page.goto = async (url, options) => {
      const response = await goto(url, options)
      if (options?.waitUntil !== 'commit') {
        await page.waitForFunction(() => !('$_TSR' in window))
      }
      return response
    }
    await provide(page)
  },

  otherTab: async ({ context }, provide) => {
    await provide(await context.newPage())
  },

  newContext: async ({ browser, pageProblems, serverAccounts, baseURL }, provide) => {
    const opened: BrowserContext[] = []
    await provide(async (preset = {}) => {
      const context = await browser.newContext({ ...(baseURL ? { baseURL } : {}) })
      opened.push(context)
      watch(context, pageProblems)
      await prepare(context, { serverAccounts, ...preset }, null)
      return context
    })
    for (const context of opened) await context.close()
  },
})
