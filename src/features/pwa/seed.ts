import { KEEP_MESSAGE, type KeepMessage } from '@/config/offline-caches'
import { recentAnswers, servedAnswers } from '@/lib/tmdb/recent-answers'

/**
 * Hands the service worker what this page loaded before the worker was in charge of it (a first
 * visit, or the data a page `npm start` rendered came with): the TMDB answers, as they arrived, and
 * the posters shown. The worker keeps them, so a page seen once shows offline.
 */
export function seedOfflineCaches(worker: ServiceWorker): void {
  const message: KeepMessage = {
    type: KEEP_MESSAGE,
    answers: recentAnswers().map(([url, body]) => ({ url, json: JSON.stringify(body) })),
    posters: [
      ...new Set(
        Array.from(document.images, (image) => image.currentSrc || image.src).filter((src) =>
          /^https?:/.test(src),
        ),
      ),
    ],
  }
  worker.postMessage(message)
  // Through the worker, which keeps what it fetches.
  for (const url of servedAnswers()) void fetch(url).catch(() => undefined)
}
