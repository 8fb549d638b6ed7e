import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { syncSessionAcrossTabs } from '@/features/auth/session-store'
import { connectFavoritesToSession } from '@/features/favorites/favorites-store'
import { createQueryClient } from '@/lib/query-client'
import { yieldToMain } from '@/lib/yield-to-main'
import { createAppRouter } from '@/router'

/**
 * Mounts the app in #root. Each step runs in its own task: on a slow phone one long start-up
 * task would leave the static shell frozen, and taps on it unanswered, for a quarter second.
 */
export async function startApp(container: HTMLElement): Promise<void> {
  await yieldToMain()
  syncSessionAcrossTabs()
  connectFavoritesToSession()
  const queryClient = createQueryClient()
  await yieldToMain()
  const router = createAppRouter({ queryClient })
  await yieldToMain()

  // Matching and loaders start now, so the route's TMDB requests go out before the first render.
  void router.load()
  await yieldToMain()

  // A transition lets React render the first screen in slices rather than in one task.
  const root = createRoot(container)
  startTransition(() => {
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    )
  })
}
