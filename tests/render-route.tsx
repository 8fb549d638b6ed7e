import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { render } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import userEvent from '@testing-library/user-event'
import { onTestFinished } from 'vitest'
import { connectListsToSession } from '@/features/lists/connect'
import { favorites } from '@/lib/movie-lists/favorites-store'
import { tmdbConfig } from '@/config/env'
import { createQueryClient } from '@/lib/query-client'
import { createTmdbClient } from '@/lib/tmdb'
import { createAppRouter } from '@/router'

/**
 * Renders the real route tree at `path`, with a fresh query client (no retries, so errors show
 * at once) and the favorites, watchlist and seen lists following the session, as in the app.
 */
export async function renderRoute(
  path: string,
  options: { retry?: boolean; user?: Parameters<typeof userEvent.setup>[0] } = {},
) {
  const queryClient = createQueryClient(
    options.retry ? {} : { defaultOptions: { queries: { retry: false } } },
  )
  const router = createAppRouter({
    queryClient,
    tmdb: createTmdbClient(tmdbConfig),
    history: createMemoryHistory({ initialEntries: [path] }),
  })
  onTestFinished(favorites.connect())
  onTestFinished(connectListsToSession())
  const user = userEvent.setup(options.user)
  const result = render(<RouterProvider router={router} />)
  await router.load()
  return { ...result, router, queryClient, user }
}

/**
 * The route at `path` as a page the server rendered and the browser hydrates: rendered to HTML
 * for nobody in particular, `beforeHydration` run on that markup (a visitor typing before the
 * code has run), then hydrated by a router of its own, as the browser's.
 */
export async function hydrateRoute(
  path: string,
  beforeHydration: (container: HTMLElement) => void,
) {
  // One query cache for both, as the page carries the server's to the browser dehydrated.
  const queryClient = createQueryClient({ defaultOptions: { queries: { retry: false } } })
  const routerFor = () =>
    createAppRouter({
      queryClient,
      tmdb: createTmdbClient(tmdbConfig),
      history: createMemoryHistory({ initialEntries: [path] }),
    })
  const onServer = routerFor()
  await onServer.load()
  // The server waits for the page's data.
  await Promise.allSettled(
    queryClient
      .getQueryCache()
      .getAll()
      .flatMap((query) => query.promise ?? []),
  )
  const container = document.createElement('div')
  container.innerHTML = renderToString(<RouterProvider router={onServer} />)
  document.body.append(container)
  beforeHydration(container)

  const router = routerFor()
  await router.load()
  onTestFinished(favorites.connect())
  onTestFinished(connectListsToSession())
  const recoverable: unknown[] = []
  const user = userEvent.setup()
  const result = render(<RouterProvider router={router} />, {
    container,
    hydrate: true,
    onRecoverableError: (error) => recoverable.push(error),
  })
  return { ...result, router, queryClient, user, recoverable }
}
