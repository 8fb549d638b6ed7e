import { tmdbConfig } from '@/config/env'
import { yieldToMain } from '@/lib/yield-to-main'
import { preloadLandingPage } from '@/preload-landing-page'
// Imported here, not by the app, so the stylesheet is a <link> in index.html and styles the shell.
import './index.css'

/**
 * The entry is kept small: the landing page's route code, TMDB request and lead poster are
 * requested as soon as it has run, while the app's code (preloaded by index.html) is still
 * downloading.
 */
async function start() {
  const container = document.getElementById('root')
  if (!container) throw new Error('index.html has no #root element')
  // Both are preloaded by index.html; React is evaluated first, in a task of its own.
  const react = import('react-dom/client')
  const app = import('@/app/start-app')
  // The router's scripts in a page the server rendered leave its data there; a static host's
  // page fetches its own.
  const serverRendered = '$_TSR' in window
  if (!serverRendered) preloadLandingPage(tmdbConfig, window.location)

  if (tmdbConfig.demo && !tmdbConfig.proxied) {
    // Demo mode on a static host: the mock TMDB must answer before the first request. In a
    // build with a credential, or behind the app's server (which serves the demo itself), this
    // branch, the mock library and the catalog are never downloaded.
    try {
      const { startDemoWorker } = await import('@/mocks/browser')
      await startDemoWorker(tmdbConfig)
    } catch (error) {
      // The mock needs service workers and storage; without them the app still starts, and its
      // TMDB calls fail as docs/behaviour.md describes instead of leaving a blank page.
      console.error('The demo catalog could not be started:', error)
    }
  }

  await react
  await yieldToMain()
  const { startApp } = await app
  await startApp(container, { serverRendered })
}

void start()
