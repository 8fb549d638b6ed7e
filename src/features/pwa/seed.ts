import { CACHE_NAMES } from '@/config/offline-caches'
import { recentAnswers } from '@/lib/tmdb/recent-answers'

/**
 * What this page loaded before the service worker was in charge of it (a first visit, or the
 * answer `npm start` puts inside the page): the TMDB answers, written into the worker's data
 * cache as they arrived, and the posters shown, asked for again through the worker, which keeps
 * them (from the browser's HTTP cache where it has them). So a page seen once shows offline.
 */
export async function seedOfflineCaches(): Promise<void> {
  const data = await caches.open(CACHE_NAMES.data)
  await Promise.all(
    recentAnswers().map(([url, body]) =>
      data.put(
        url,
        new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }),
      ),
    ),
  )
  const posters = new Set(
    Array.from(document.images, (image) => image.currentSrc || image.src).filter((src) =>
      /^https?:/.test(src),
    ),
  )
  await Promise.all(
    Array.from(posters, (src) =>
      fetch(src, { mode: 'no-cors', cache: 'force-cache', credentials: 'omit' }).catch(
        () => undefined,
      ),
    ),
  )
}
