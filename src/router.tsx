import type { QueryClient } from '@tanstack/react-query'
import { createRouter, parseSearchWith } from '@tanstack/react-router'
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query'
import { DefaultErrorComponent } from '@/components/errors/default-error'
import { NotFound } from '@/components/errors/not-found'
import { PendingPage } from '@/components/errors/pending-page'
import { parseSearchValue } from '@/lib/search-params'
import { useSessionStore, type SessionStore } from '@/lib/session/session-store'
import type { TmdbClient } from '@/lib/tmdb'
import { rememberServedAnswers } from '@/lib/tmdb/recent-answers'
import { routeTree } from '@/routeTree.gen'

export interface RouterContext {
  queryClient: QueryClient
  /** The store itself, not a snapshot: guards read the session as it is at each navigation. */
  session: SessionStore
  /** The browser's, or on the server each request's own. */
  tmdb: TmdbClient
}

/** One factory for the browser, the server and the tests, each with its own clients. */
export function createAppRouter({
  queryClient,
  tmdb,
  history,
  nonce,
  answered,
}: {
  queryClient: QueryClient
  tmdb: TmdbClient
  history?: Parameters<typeof createRouter>[0]['history']
  /** On the server: the response's nonce, carried by the scripts the router writes. */
  nonce?: string | undefined
  /** On the server: the TMDB requests the page's data came from, for the browser's offline cache. */
  answered?: readonly string[]
}) {
  const router = createRouter({
    routeTree,
    history,
    context: { queryClient, session: useSessionStore, tmdb },
    // The default reading of search params, shared with the entry (src/preload-landing-page.ts).
    parseSearch: parseSearchWith(parseSearchValue),
    defaultPreload: 'intent',
    // React Query owns freshness; the router should always ask it.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    defaultPendingComponent: PendingPage,
    defaultErrorComponent: DefaultErrorComponent,
    defaultNotFoundComponent: NotFound,
    ...(nonce ? { ssr: { nonce } } : {}),
    dehydrate: () => ({ tmdbAnswers: [...(answered ?? [])] }),
    hydrate: ({ tmdbAnswers }: { tmdbAnswers: string[] }) => {
      rememberServedAnswers(tmdbAnswers)
    },
  })
  // The server's query cache goes into the page dehydrated; the browser's starts from it.
  setupRouterSsrQueryIntegration({ router, queryClient })
  return router
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
