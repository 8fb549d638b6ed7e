/// <reference types="vite-plugin-pwa/vanillajs" />
// Loaded once the first screen is shown and the page is idle (src/app/start-app.tsx).
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { tmdbConfig } from '@/config/env'
import { AppStatus } from '@/features/pwa/app-status'
import { seedOfflineCaches } from '@/features/pwa/seed'
import { updateStore } from '@/features/pwa/update-store'
import { linkWebManifest } from '@/features/pwa/web-manifest'
import { whenLoaded } from '@/lib/yield-to-main'

const WORKER_DELAY_MS = 3000
const UPDATE_CHECK_MS = 60 * 60_000

export async function startAppStatus(): Promise<void> {
  // Not in the static demo: its mock TMDB is a service worker on the same scope, and a scope has one.
  const registerWorker = import.meta.env.PROD && !(tmdbConfig.demo && !tmdbConfig.proxied)
  await whenLoaded()
  if (import.meta.env.PROD) linkWebManifest()
  const container = document.createElement('div')
  document.body.append(container)
  createRoot(container).render(
    <StrictMode>
      <AppStatus />
    </StrictMode>,
  )
  if (registerWorker && 'serviceWorker' in navigator) {
    // At once on a later visit, so a page left within seconds still shows offline.
    void whenControlled().then(seedOfflineCaches)
    // After the page's load and a quiet spell, so the worker's downloads never compete with the page's.
    await new Promise((resolve) => setTimeout(resolve, WORKER_DELAY_MS))
    await registerServiceWorker().catch(() => undefined)
  }
}

async function registerServiceWorker(): Promise<void> {
  const { registerSW } = await import('virtual:pwa-register')
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
    // Only this page's own Reload reloads it; otherwise it keeps what it shows, prompt included.
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
    onRegisterError: () => undefined,
  })
}

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
