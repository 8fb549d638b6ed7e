import type { TmdbConfig } from '../config/env'
import type { CatalogMovie } from '../shared/demo-catalog/catalog'
// A JSON file, not a module: JSON.parse is much cheaper than compiling a megabyte of literals.
import catalogUrl from '../shared/demo-catalog/catalog.gen.json?url'

async function loadCatalog(): Promise<CatalogMovie[]> {
  const response = await fetch(catalogUrl)
  if (!response.ok) throw new Error(`The demo catalog could not be loaded (${response.status})`)
  return (await response.json()) as CatalogMovie[]
}

export async function startDemoWorker(
  config: Pick<TmdbConfig, 'apiUrl' | 'imageUrl'>,
): Promise<void> {
  const [{ setupWorker }, catalog, { createMovieDb }, { createTmdbHandlers }] = await Promise.all([
    import('msw/browser'),
    loadCatalog(),
    import('../shared/demo-catalog/db'),
    import('./handlers'),
  ])
  // start() asks an installed worker to update and leaves a failure unhandled (mswjs/msw#2006);
  // the installed worker keeps answering, so that failure is nobody's error.
  window.addEventListener('unhandledrejection', (event: PromiseRejectionEvent) => {
    if (String(event.reason).includes('Failed to update a ServiceWorker')) event.preventDefault()
  })
  const worker = setupWorker(...createTmdbHandlers(createMovieDb(catalog), config))
  await worker.start({
    onUnhandledRequest: 'bypass',
    quiet: true,
    serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` },
  })
}
