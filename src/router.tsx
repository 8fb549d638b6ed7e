import type { QueryClient } from '@tanstack/react-query'
import { createRouter, parseSearchWith } from '@tanstack/react-router'
import { DefaultErrorComponent } from '@/components/errors/default-error'
import { NotFound } from '@/components/errors/not-found'
import { PendingPage } from '@/components/errors/pending-page'
import { parseSearchValue } from '@/lib/search-params'
import { useSessionStore, type SessionStore } from '@/lib/session/session-store'
import { routeTree } from '@/routeTree.gen'

export interface RouterContext {
  queryClient: QueryClient
  /** The store itself, not a snapshot: guards read the session as it is at each navigation. */
  session: SessionStore
}

/** One factory for the app and the tests, so both run the same routes with their own client. */
export function createAppRouter({
  queryClient,
  history,
}: {
  queryClient: QueryClient
  history?: Parameters<typeof createRouter>[0]['history']
}) {
  return createRouter({
    routeTree,
    history,
    context: { queryClient, session: useSessionStore },
    // The default reading of search params, shared with the entry (src/preload-landing-page.ts).
    parseSearch: parseSearchWith(parseSearchValue),
    defaultPreload: 'intent',
    // React Query owns freshness; the router should always ask it.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    defaultPendingComponent: PendingPage,
    defaultErrorComponent: DefaultErrorComponent,
    defaultNotFoundComponent: NotFound,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
