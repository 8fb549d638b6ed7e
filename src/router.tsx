import type { QueryClient } from '@tanstack/react-query'
import { createRouter, parseSearchWith } from '@tanstack/react-router'
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query'
import { DefaultErrorComponent } from '@/components/errors/default-error'
import { NotFound } from '@/components/errors/not-found'
import { PendingPage } from '@/components/errors/pending-page'
import { parseSearchValue } from '@/lib/search-params'
import { useSessionStore, type SessionStore } from '@/lib/session/session-store'
import { dismissPreviousPageToasts } from '@/lib/toast'
import type { TmdbClient } from '@/lib/tmdb'
import { rememberServedResponses } from '@/lib/tmdb/recent-responses'
import { routeTree } from '@/routeTree.gen'
import { browserApi, type ApiFetch } from '@/lib/api-fetch'

export interface RouterContext {
  queryClient: QueryClient
  /** The store itself, not a snapshot: guards read the session as it is at each navigation. */
  session: SessionStore
  tmdb: TmdbClient
  api: ApiFetch
}

export function createAppRouter({
  queryClient,
  tmdb,
  api = browserApi,
  history,
  nonce,
  tmdbResponseUrls,
}: {
  queryClient: QueryClient
  tmdb: TmdbClient
  api?: ApiFetch
  history?: Parameters<typeof createRouter>[0]['history']
  nonce?: string | undefined
  /** On the server: the TMDB requests the page's data came from, for the browser's offline cache. */
  tmdbResponseUrls?: readonly string[]
}) {
  const router = createRouter({
    routeTree,
    history,
    context: { queryClient, session: useSessionStore, tmdb, api },
    parseSearch: parseSearchWith(parseSearchValue),
    defaultPreload: 'intent',
    // React Query owns freshness; the router should always ask it.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    defaultPendingComponent: PendingPage,
    defaultErrorComponent: DefaultErrorComponent,
    defaultNotFoundComponent: NotFound,
    ...(nonce ? { ssr: { nonce } } : {}),
    dehydrate: () => ({ tmdbResponses: [...(tmdbResponseUrls ?? [])] }),
    hydrate: ({ tmdbResponses }: { tmdbResponses: string[] }) => {
      rememberServedResponses(tmdbResponses)
    },
  })
  setupRouterSsrQueryIntegration({ router, queryClient })
  let navigationStartedAt = 0
  router.subscribe('onBeforeNavigate', () => {
    navigationStartedAt = performance.now()
  })
  router.subscribe('onResolved', ({ pathChanged }) => {
    if (pathChanged) dismissPreviousPageToasts(navigationStartedAt)
  })
  return router
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
