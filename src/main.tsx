import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { tmdbConfig } from '@/config/env'
import { syncSessionAcrossTabs } from '@/features/auth/session-store'
import { connectFavoritesToSession } from '@/features/favorites/favorites-store'
import { createQueryClient } from '@/lib/query-client'
import { createAppRouter } from '@/router'
import './index.css'

async function start() {
  // Demo mode: the mock TMDB must answer before the first request. In a build with a
  // credential this branch, the mock library and the catalog are never downloaded.
  if (tmdbConfig.demo) {
    try {
      const { startDemoWorker } = await import('@/mocks/browser')
      await startDemoWorker(tmdbConfig)
    } catch (error) {
      // The mock needs service workers and storage; without them the app still starts, and its
      // TMDB calls fail the way the spec describes instead of leaving a blank page.
      console.error('The demo catalog could not be started:', error)
    }
  }

  syncSessionAcrossTabs()
  connectFavoritesToSession()

  const queryClient = createQueryClient()
  const router = createAppRouter({ queryClient })
  const container = document.getElementById('root')
  if (!container) throw new Error('index.html has no #root element')
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  )
}

void start()
