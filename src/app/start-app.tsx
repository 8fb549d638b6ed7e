import { RouterProvider } from '@tanstack/react-router'
import { RouterClient } from '@tanstack/react-router/ssr/client'
import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { accountsMode } from '@/config/accounts-mode'
import { tmdbConfig } from '@/config/env'
import { connectListsToSession } from '@/features/lists/connect'
import { connectTheme } from '@/features/theme/theme-store'
import { leadImageIn, leadImageShown } from '@/lib/lead-image'
import { favorites } from '@/lib/movie-lists/favorites-store'
import { pageContentHydrated } from '@/lib/page-hydration'
import { createQueryClient } from '@/lib/query-client'
import { syncSessionAcrossTabs, useSessionStore } from '@/lib/session/session-store'
import { createTmdbClient } from '@/lib/tmdb'
import { holdIdleWork, whenIdle, yieldToMain } from '@/lib/yield-to-main'
import { createAppRouter } from '@/router'

const APP_STATUS_WAIT_MS = 5000
const LEAD_IMAGE_WAIT_MS = 2000

/** Hydrates the server's page in #root, or renders the app on a static host, a task per step. */
export async function startApp(
  container: HTMLElement,
  { serverRendered }: { serverRendered: boolean },
): Promise<void> {
  // Idle-time code waits for the first screen and its lead poster (docs/performance.md).
  const showFirstScreen = holdIdleWork()
  await yieldToMain()
  syncSessionAcrossTabs()
  // A signed-in person's first render waits for it, so their edits are recorded from the start.
  const serverMode =
    accountsMode() === 'server'
      ? import('@/app/server-mode').then(
          ({ startServerMode }) => startServerMode(),
          () => undefined,
        )
      : undefined
  favorites.connect()
  connectListsToSession()
  connectTheme()
  const queryClient = createQueryClient()
  const router = createAppRouter({ queryClient, tmdb: createTmdbClient(tmdbConfig) })
  // On a static host the first render comes before the route's data, which brings the lead image.
  const stopWatching = router.subscribe('onRendered', () => {
    stopWatching()
    void Promise.allSettled(
      queryClient
        .getQueryCache()
        .getAll()
        .flatMap((query) => query.promise ?? []),
    )
      .then(() => leadImageIn(container, LEAD_IMAGE_WAIT_MS))
      .then(() => leadImageShown(container))
      .then(showFirstScreen)
  })
  await yieldToMain()
  if (useSessionStore.getState().currentUser) await serverMode

  if (serverRendered) {
    // A navigation while the page's content is still hydrating breaks it (TanStack/router#8306).
    const releaseNavigation = router.history.block({
      blockerFn: () => pageContentHydrated.then(() => false),
      enableBeforeUnload: false,
    })
    void pageContentHydrated.then(releaseNavigation)
    hydrateRoot(
      container,
      <StrictMode>
        <RouterClient router={router} />
      </StrictMode>,
      {
        onRecoverableError: (error, { componentStack }) => {
          const cause = error instanceof Error ? error.cause : undefined
          console.error('Hydration error:', error, cause, componentStack)
        },
      },
    )
  } else {
    // A transition lets React render the first screen in slices rather than in one task.
    const root = createRoot(container)
    startTransition(() => {
      root.render(
        <StrictMode>
          <RouterProvider router={router} />
        </StrictMode>,
      )
    })
  }

  void whenIdle(APP_STATUS_WAIT_MS)
    .then(() => import('@/features/pwa/start'))
    .then(
      ({ startAppStatus }) => startAppStatus(),
      () => undefined,
    )
}
