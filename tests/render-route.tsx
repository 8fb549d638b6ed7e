import { QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { onTestFinished } from 'vitest'
import { connectListsToSession } from '@/features/lists/connect'
import { favorites } from '@/lib/movie-lists/favorites-store'
import { createQueryClient } from '@/lib/query-client'
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
    history: createMemoryHistory({ initialEntries: [path] }),
  })
  onTestFinished(favorites.connect())
  onTestFinished(connectListsToSession())
  const user = userEvent.setup(options.user)
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  await router.load()
  return { ...result, router, queryClient, user }
}
