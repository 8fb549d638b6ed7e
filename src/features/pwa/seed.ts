import { KEEP_MESSAGE, type KeepMessage } from '@/config/offline-caches'
import { recentAnswers } from '@/lib/tmdb/recent-answers'

/**
 * Hands the service worker what this page loaded before the worker was in charge of it (a first
 * visit, or the answer `npm start` puts inside the page): the TMDB answers, as they arrived, and
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
}
