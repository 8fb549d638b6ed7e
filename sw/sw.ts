/// <reference lib="webworker" />
/**
 * The app's service worker (built by vite-plugin-pwa into sw.js, its precache list injected).
 * Online, every request goes to the network as it would without it, so pages, data and errors
 * are what they always were; what it keeps is used only when the network fails.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response'
import { clientsClaim } from 'workbox-core'
import { ExpirationPlugin } from 'workbox-expiration'
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching'
import type { PrecacheEntry } from 'workbox-precaching'
import { registerRoute } from 'workbox-routing'
import { CacheFirst, NetworkFirst, NetworkOnly, StrategyHandler } from 'workbox-strategies'
import {
  CACHE_LIMITS,
  CACHE_NAMES,
  CACHE_PREFIX,
  isAppNavigation,
  isPrivatePath,
  isTmdbData,
  readKeepMessage,
  type KeepMessage,
} from './rules'

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (PrecacheEntry | string)[]
}
/** TMDB's API origin in a credentialed static build (vite.config.ts defines it). */
declare const __TMDB_API_ORIGIN__: string

const origin = self.location.origin
const APP_SHELL = 'index.html'

// A new version waits until the page's "Reload" button asks for it: it never takes over a
// page in the middle of something.
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting()
})

// The first version takes charge of the page that registered it at once, so what that visit
// goes on to load is kept. (A later version waits for "Reload", above.)
clientsClaim()

self.addEventListener('activate', (event) => {
  // Pages load from the network as before: the request starts while the worker boots.
  event.waitUntil(self.registration.navigationPreload.enable().catch(() => undefined))
})

// The app shell: HTML, scripts, styles, fonts, icons and the placeholder poster. Not at "/":
// online, each page comes from the network (the server may put its first answer inside it).
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false })
// Entries of earlier Workbox versions' precaches.
cleanupOutdatedCaches()

// Pages: from the network; offline, the app shell, which shows what the caches below hold.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && isAppNavigation(url, origin),
  new NetworkOnly({
    plugins: [
      {
        handlerDidError: async () => (await matchPrecache(APP_SHELL)) ?? Response.error(),
      },
    ],
  }),
)

// TMDB's answers: from the network while there is one (fresh data, and TMDB's own errors as
// the spec shows them); the last good answer when the network fails.
const dataStrategy = new NetworkFirst({
  cacheName: CACHE_NAMES.data,
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({ ...CACHE_LIMITS.data, purgeOnQuotaError: true }),
  ],
})
registerRoute(
  ({ request, url }) => request.method === 'GET' && isTmdbData(url, origin, __TMDB_API_ORIGIN__),
  dataStrategy,
)

// Posters: a poster's URL never changes what it shows, so one seen is not asked for again.
// (The app's own images are in the precache, whose route comes first.)
const posterStrategy = new CacheFirst({
  cacheName: CACHE_NAMES.posters,
  plugins: [
    // 0: the image host's answers to <img> are opaque; they are kept all the same.
    new CacheableResponsePlugin({ statuses: [0, 200] }),
    new ExpirationPlugin({ ...CACHE_LIMITS.posters, purgeOnQuotaError: true }),
  ],
})
registerRoute(
  ({ request, url }) => request.destination === 'image' && !isPrivatePath(url, origin),
  posterStrategy,
)

/**
 * What a page loaded before this worker was in charge of it (src/features/pwa/seed.ts), kept
 * as if it had come through: by the same strategies, so the caches' bounds count it.
 */
async function keep({ answers, posters }: KeepMessage, event: ExtendableEvent): Promise<void> {
  for (const { url, json } of answers) {
    if (!isTmdbData(new URL(url), origin, __TMDB_API_ORIGIN__)) continue
    const request = new Request(url)
    const handler = new StrategyHandler(dataStrategy, { event, request })
    try {
      await handler.cachePut(
        request,
        new Response(json, { headers: { 'content-type': 'application/json' } }),
      )
      await handler.doneWaiting()
    } finally {
      // Ends the handler's hold on the event: an event left open would keep this worker busy,
      // and a new version could never take over.
      handler.destroy()
    }
  }
  for (const url of posters) {
    if (isPrivatePath(new URL(url), origin)) continue
    // From the browser's HTTP cache where the poster still is: no new download.
    const request = new Request(url, { mode: 'no-cors', credentials: 'omit', cache: 'force-cache' })
    await posterStrategy.handle({ event, request }).catch(() => undefined)
  }
}

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const message = readKeepMessage(event.data)
  if (message) event.waitUntil(keep(message, event).catch(() => undefined))
})

// Runtime caches of earlier versions of this worker (a renamed cache) are deleted.
self.addEventListener('activate', (event) => {
  const current = new Set<string>(Object.values(CACHE_NAMES))
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith(CACHE_PREFIX) && !current.has(name))
            .map((name) => caches.delete(name)),
        ),
      ),
  )
})
