import type { ManifestOptions } from 'vite-plugin-pwa'

/**
 * The web app manifest (dist/manifest.webmanifest). Both colours are the dark theme's page
 * colour, which the icon's yellow stands out on; the light theme's page shows after the splash.
 * The icons are drawn by scripts/make-icons.mjs.
 */
export const appManifest: Partial<ManifestOptions> = {
  name: 'CineList',
  short_name: 'CineList',
  description: 'Browse popular movies, search by title, read the details and keep your favorites.',
  id: '/',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  theme_color: '#020617',
  background_color: '#020617',
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
}

/**
 * Files of the build the service worker does not precache: the static demo's mock worker,
 * whose mode never registers the app's worker, and what only that mode loads.
 */
export const PRECACHE_IGNORES = ['mockServiceWorker.js', '**/*.gz', '**/*.br']
