import { KEEP_MESSAGE, type KeepMessage } from '@/config/offline-caches'
import { recentResponses, servedResponses } from '@/lib/tmdb/recent-responses'

/** Hands the worker what this page loaded before it was in charge, so a page seen once shows offline. */
export function seedOfflineCaches(worker: ServiceWorker): void {
  const message: KeepMessage = {
    type: KEEP_MESSAGE,
    answers: recentResponses().map(([url, body]) => ({ url, json: JSON.stringify(body) })),
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
  for (const url of servedResponses()) void fetch(url).catch(() => undefined)
}
