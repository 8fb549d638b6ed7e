import { expect, type BrowserContext, type Page } from '@playwright/test'
import { CACHE_NAMES } from '../../../src/config/offline-caches'

export { CACHE_NAMES }
/** The offline message beside the spec's failure texts. */
export { OFFLINE_MESSAGE } from '../../../src/lib/offline-message'

/** Chromium's own installability check, as its install prompt runs it. */
export async function installabilityErrors(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page)
  try {
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors')
    return installabilityErrors.map(
      (error) => `${error.errorId} ${error.errorArguments.map((arg) => arg.value).join(' ')}`,
    )
  } finally {
    await cdp.detach()
  }
}

/** The script of every service worker registered for the page's origin. */
export const workerScripts = (page: Page) =>
  page.evaluate(async () =>
    (await navigator.serviceWorker.getRegistrations()).map((registration) => {
      const worker = registration.active ?? registration.waiting ?? registration.installing
      return new URL(worker?.scriptURL ?? '', location.href).pathname
    }),
  )

/** The app's worker is in charge of the page, and holds the visit's TMDB answers. */
export async function expectWorkerInCharge(page: Page) {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? ''), {
      timeout: 20_000,
    })
    .toMatch(/\/sw\.js$/)
  await expect.poll(() => cachedUrls(page, CACHE_NAMES.data)).not.toEqual([])
}

/** The URLs a cache of the page's origin holds. */
export const cachedUrls = (page: Page, cacheName: string) =>
  page.evaluate(
    async (name) =>
      (await caches.has(name))
        ? (await (await caches.open(name)).keys()).map((request) => request.url)
        : [],
    cacheName,
  )

/**
 * No connection: the browser says it is offline, and nothing reaches the network (a route
 * registered last is asked first, ahead of the tests' TMDB).
 */
export async function goOffline(context: BrowserContext) {
  await context.setOffline(true)
  await context.route('**/*', (route) => route.abort('internetdisconnected'))
}

export async function goOnline(context: BrowserContext) {
  await context.unroute('**/*')
  await context.setOffline(false)
}

/** The small notice shown while offline (src/features/pwa/). */
export const offlineNotice = (page: Page) =>
  page.getByRole('status').filter({ hasText: 'You’re offline' })
