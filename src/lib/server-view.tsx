import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterContextProvider,
} from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { withImageUrl } from '@/config/env'

const LEADING_PRELOADS = /^(?:<link rel="preload" as="image"[^>]*>)+/

/**
 * A page's view as HTML, for the app's server to draw into the page it sends (server/
 * landing-answer.ts): the parts a route renders, from the TMDB answer already in `queryClient`,
 * with posters on `imageUrl`, the image host the server gives its pages. Nothing of it is
 * interactive until the app replaces it as it mounts.
 */
export function serverViewMarkup(
  view: ReactNode,
  { imageUrl, queryClient = new QueryClient() }: { imageUrl: string; queryClient?: QueryClient },
): string {
  // Links need a router to write their href; no route of it is ever matched or loaded.
  const router = createRouter({
    routeTree: createRootRoute(),
    history: createMemoryHistory(),
    isServer: true,
  })
  const markup = withImageUrl(imageUrl, () =>
    renderToStaticMarkup(
      <QueryClientProvider client={queryClient}>
        <RouterContextProvider router={router}>{view}</RouterContextProvider>
      </QueryClientProvider>,
    ),
  )
  // React puts a preload in front for each eagerly loaded image. The page's head preloads the
  // lead poster alone: on a phone the only one on screen, it would share the bandwidth.
  return markup.replace(LEADING_PRELOADS, '')
}
