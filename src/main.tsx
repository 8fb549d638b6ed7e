import { tmdbConfig } from '@/config/env'
import { yieldToMain } from '@/lib/yield-to-main'
import { prefetchFirstPage } from '@/app/prefetch-first-page'
// Imported here, not by the app, so index.html links the stylesheet before any script runs.
import './index.css'

async function start() {
  const container = document.getElementById('root')
  if (!container) throw new Error('index.html has no #root element')
  // Both are preloaded by index.html; React is evaluated first, in a task of its own.
  const react = import('react-dom/client')
  const app = import('@/app/start-app')
  const serverRendered = '$_TSR' in window
  if (!serverRendered) prefetchFirstPage(tmdbConfig, window.location)

  if (tmdbConfig.demo && !tmdbConfig.proxied) {
    // Demo mode on a static host: the mock must be running before the first request.
    try {
      const { startDemoWorker } = await import('@/mocks/browser')
      await startDemoWorker(tmdbConfig)
    } catch (error) {
      // Without service workers or storage the app still starts; TMDB calls fail as the spec says.
      console.error('The demo catalog could not be started:', error)
    }
  }

  await react
  await yieldToMain()
  const { startApp } = await app
  await startApp(container, { serverRendered })
}

void start()
