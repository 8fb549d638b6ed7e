import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { accountsMode } from '@/config/accounts-mode'
import { connectListsToSession } from '@/features/lists/connect'
import { connectTheme } from '@/features/theme/theme-store'
import { leadImageShown } from '@/lib/lead-image'
import { favorites } from '@/lib/movie-lists/favorites-store'
import { createQueryClient } from '@/lib/query-client'
import { syncSessionAcrossTabs, useSessionStore } from '@/lib/session/session-store'
import { holdIdleWork, wait, whenIdle, yieldToMain } from '@/lib/yield-to-main'
import { createAppRouter } from '@/router'

/** Longer than a route whose data is at hand needs to load; short enough to go unnoticed. */
const FIRST_RENDER_WAIT_MS = 60
/** The longest a view the server drew waits for the app's first render. */
const SERVER_VIEW_WAIT_MS = 3000
/** The longest the offline notices wait for the page to be idle. */
const APP_STATUS_WAIT_MS = 5000

/**
 * Mounts the app in #root. Each step runs in its own task: on a slow phone one long start-up
 * task would leave the static shell frozen, and taps on it unanswered, for a quarter second.
 */
export async function startApp(container: HTMLElement): Promise<void> {
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
  await yieldToMain()
  const router = createAppRouter({ queryClient })
  // Its first location rendered, whatever it shows (a page, an error, not found).
  const stopWatching = router.subscribe('onRendered', () => {
    stopWatching()
    void leadImageShown(container).then(showFirstScreen)
  })
  await yieldToMain()

  // Matching and loaders start now: the route's code and data (its TMDB request often already
  // sent by the entry) load while React gets ready. Given a moment, the load and the requests it
  // started usually finish first, and React renders the finished page once rather than a pending
  // page and then again; where the server drew the page, it replaces it without a gap.
  const loaded = router.load().catch(() => undefined)
  await Promise.race([
    loaded.then(() =>
      Promise.allSettled(
        queryClient
          .getQueryCache()
          .getAll()
          .flatMap((query) => query.promise ?? []),
      ),
    ),
    // A page the server drew stays on screen until the app can draw the same (a slow phone
    // may need more than the moment above for the route's code).
    wait(container.querySelector('[data-page-view]') ? SERVER_VIEW_WAIT_MS : FIRST_RENDER_WAIT_MS),
  ])

  if (useSessionStore.getState().currentUser) await serverMode

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

  // The offline notice and update prompt once the first screen is shown and the page is idle;
  // the service worker after that (src/features/pwa/start.tsx).
  void loaded
    .then(() => whenIdle(APP_STATUS_WAIT_MS))
    .then(() => import('@/features/pwa/start'))
    .then(
      ({ startAppStatus }) => startAppStatus(),
      // Its code out of reach (offline, before it was ever kept): the page works without it.
      () => undefined,
    )
}
