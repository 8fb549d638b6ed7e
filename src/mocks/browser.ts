import type { TmdbConfig } from '../config/env'

/**
 * Serves TMDB from the bundled demo catalog through a service worker. Everything heavy
 * (MSW, the catalog, the handlers) is imported lazily so none of it lands in the main bundle.
 */
export async function startDemoWorker(
  config: Pick<TmdbConfig, 'apiUrl' | 'imageUrl'>,
): Promise<void> {
  const [{ setupWorker }, { default: catalog }, { createMovieDb }, { createTmdbHandlers }] =
    await Promise.all([
      import('msw/browser'),
      import('./catalog.gen.json'),
      import('./db'),
      import('./handlers'),
    ])
  const worker = setupWorker(...createTmdbHandlers(createMovieDb(catalog), config))
  await worker.start({
    onUnhandledRequest: 'bypass',
    quiet: true,
    serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` },
  })
}
