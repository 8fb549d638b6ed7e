/// <reference types="vite-plugin-pwa/vanillajs" />
/**
 * Loaded once the first screen is shown and the page is idle (src/app/start-app.tsx): the app's
 * notices, the web app manifest's link, and then, past the page's load, the service worker that
 * keeps the app for offline use. Nothing here is in the landing page's download.
 */
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { tmdbConfig } from '@/config/env'
import { AppStatus } from '@/features/pwa/app-status'
import { seedOfflineCaches } from '@/features/pwa/seed'
import { updateStore } from '@/features/pwa/update-store'
import { linkWebManifest } from '@/features/pwa/web-manifest'
import { whenLoaded } from '@/lib/yield-to-main'

/** How long after the page's load the service worker is registered. */
const WORKER_DELAY_MS = 3000
/** How often an open page asks whether a new version was deployed. */
const UPDATE_CHECK_MS = 60 * 60_000

export async function startAppStatus(): Promise<void> {
  // The app's service worker, in a build (not `npm run dev`), except in the static demo: its
  // mock TMDB is a service worker of its own on the same scope, and a scope has one.
  const registerWorker = import.meta.env.PROD && !(tmdbConfig.demo && !tmdbConfig.proxied)
  // Rendered once the page has loaded (its lead poster included): no render of its own competes
  // with the page's first paints.
  await whenLoaded()
  // Built, and served, by a build alone (not `npm run dev`).
  if (import.meta.env.PROD) linkWebManifest()
  const container = document.createElement('div')
  document.body.append(container)
  createRoot(container).render(
    <StrictMode>
      <AppStatus />
    </StrictMode>,
  )
  if (registerWorker && 'serviceWorker' in navigator) {
    // What this page loaded goes to the worker once one is in charge: at once on a later visit,
    // so a page left within seconds still shows offline.
    void whenControlled().then(seedOfflineCaches)
    // Past the page's load and the quiet after it, so the worker's downloads (the app shell)
    // never compete with the page's own.
    await new Promise((resolve) => setTimeout(resolve, WORKER_DELAY_MS))
    // Its code out of reach (the connection lost before it came): the next visit registers it.
    await registerServiceWorker().catch(() => undefined)
  }
}

async function registerServiceWorker(): Promise<void> {
  const { registerSW } = await import('virtual:pwa-register')
  /** Set when this page's "Reload" was pressed: only then does the new version reload it. */
  let reloadAsked = false
  const update = registerSW({
    immediate: true,
    onNeedRefresh() {
      updateStore.set({
        available: true,
        apply: () => {
          reloadAsked = true
          void update()
        },
      })
    },
    // The new version took over, from this page's button or another tab's: this page reloads
    // only if its own button asked; otherwise it keeps what it shows, prompt included.
    onNeedReload() {
      if (reloadAsked) window.location.reload()
    },
    onRegisteredSW(_url, registration) {
      if (!registration) return
      window.setInterval(() => {
        if (navigator.onLine && document.visibilityState === 'visible') {
          void registration.update().catch(() => undefined)
        }
      }, UPDATE_CHECK_MS)
    },
    // Without a worker the app works as before, only not offline.
    onRegisterError: () => undefined,
  })
}

/** The service worker in charge of this page, once there is one (at once on a later visit). */
function whenControlled(): Promise<ServiceWorker> {
  const { serviceWorker } = navigator
  if (serviceWorker.controller) return Promise.resolve(serviceWorker.controller)
  return new Promise((resolve) => {
    const onChange = () => {
      if (!serviceWorker.controller) return
      serviceWorker.removeEventListener('controllerchange', onChange)
      resolve(serviceWorker.controller)
    }
    serviceWorker.addEventListener('controllerchange', onChange)
  })
}
