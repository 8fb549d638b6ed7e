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
import { createQueryClient } from '@/lib/query-client'
import { syncSessionAcrossTabs, useSessionStore } from '@/lib/session/session-store'
import { createTmdbClient } from '@/lib/tmdb'
import { holdIdleWork, whenIdle, yieldToMain } from '@/lib/yield-to-main'
import { createAppRouter } from '@/router'

/** The longest the offline notices wait for the page to be idle. */
const APP_STATUS_WAIT_MS = 5000
/** The longest idle-time work waits for the first screen's lead image to be rendered. */
const LEAD_IMAGE_WAIT_MS = 2000

/**
 * Hydrates the page the server rendered in #root, or, on a static host, renders the app there.
 * Each step runs in its own task: on a slow phone one long start-up task would leave the page
 * frozen, and taps on it unanswered, for a quarter second.
 */
export async function startApp(
  container: HTMLElement,
  { serverRendered }: { serverRendered: boolean },
): Promise<void> {
  // The notices, sonner and the session check load once the first screen is shown, its lead
  // poster included: until then their code would share the connection with the page's own.
  const showFirstScreen = holdIdleWork()
  await yieldToMain()
  syncSessionAcrossTabs()
  // With accounts on the server, its code (small) loads beside the app's; for a signed-in
  // person the first render waits for it, so their edits are recorded from the start. Out of
  // reach (offline, never kept), the page works all the same.
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
  // The first screen as it stays: on a static host it renders before the data its route
  // started, which brings its lead image.
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
    hydrateRoot(
      container,
      <StrictMode>
        <RouterClient router={router} />
      </StrictMode>,
      {
        onRecoverableError: (error, { componentStack }) => {
          console.error('Hydration error:', error, componentStack)
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

  // The offline notice and update prompt once the first screen is shown and the page is idle;
  // the service worker after that (src/features/pwa/start.tsx).
  void whenIdle(APP_STATUS_WAIT_MS)
    .then(() => import('@/features/pwa/start'))
    .then(
      ({ startAppStatus }) => startAppStatus(),
      // Its code out of reach (offline, before it was ever kept): the page works without it.
      () => undefined,
    )
}
