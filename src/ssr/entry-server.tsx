import {
  createRequestHandler,
  renderRouterToString,
  RouterServer,
} from '@tanstack/react-router/ssr/server'
import { createQueryClient } from '@/lib/query-client'
import { createTmdbClient } from '@/lib/tmdb'
import type { ApiFetch } from '@/lib/api-fetch'
import { createAppRouter } from '@/router'
import type { TmdbConfig } from '@/shared/tmdb-config'

export interface RenderedPage {
  kind: 'page'
  status: number
  head: string
  html: string
}

export interface RedirectedPage {
  kind: 'redirect'
  status: number
  location: string
}

/** The browser renders this page alone: data late or failed, or an `ssr: false` route. */
class BrowserRendered extends Error {}

const TITLE = /<title>[^<]*<\/title>/
const LEADING_LINKS = /^(?:<(?:link|meta) [^>]*>)+/
const META = /<meta [^>]*>/g
const LEAD_IMAGE_PRELOAD = /<link rel="preload" as="image"[^>]* fetchPriority="high"[^>]*>/g

/** Nothing when the browser is to render it alone: the server then sends index.html as built. */
export async function renderPage({
  url,
  tmdb,
  api,
  nonce,
}: {
  url: string
  tmdb: { config: TmdbConfig; fetch: typeof fetch }
  /** Our API's public reads, answered in process. */
  api?: ApiFetch
  nonce: string
}): Promise<RenderedPage | RedirectedPage | undefined> {
  const queryClient = createQueryClient({
    // A failure is the browser's to show and retry: the server then sends the page without data.
    defaultOptions: { queries: { retry: false } },
    queryCache: undefined,
  })
  const tmdbResponseUrls: string[] = []
  const handler = createRequestHandler({
    request: new Request(new URL(url, 'http://localhost')),
    createRouter: () =>
      createAppRouter({
        queryClient,
        nonce,
        tmdbResponseUrls,
        ...(api ? { api } : {}),
        tmdb: createTmdbClient(tmdb.config, tmdb.fetch, {
          onResponse: (responseUrl) => tmdbResponseUrls.push(responseUrl),
        }),
      }),
  })
  try {
    const response = await handler(({ router, responseHeaders }) => {
      const { matches } = router.state
      const queries = queryClient.getQueryCache().getAll()
      if (
        matches.some((match) => match.ssr === false) ||
        queries.some((query) => query.state.status !== 'success')
      ) {
        throw new BrowserRendered()
      }
      return renderRouterToString({
        router,
        responseHeaders,
        children: <RouterServer router={router} />,
      })
    })
    const location = response.headers.get('location')
    if (location) return { kind: 'redirect', status: response.status, location }
    // renderRouterToString's response to a failed render, which it has logged.
    if (response.status >= 500) return undefined
    const body = (await response.text()).replace(/^<!DOCTYPE html>/, '')
    // React writes the title and its image preloads ahead of the app: they go in the head.
    const title = TITLE.exec(body)?.[0] ?? ''
    const withoutTitle = title ? body.replace(title, '') : body
    const resources = LEADING_LINKS.exec(withoutTitle)?.[0] ?? ''
    // The lead poster's alone: the others would share its bandwidth, and their <img> ask anyway.
    const leadImage = resources.match(LEAD_IMAGE_PRELOAD)?.join('') ?? ''
    return {
      kind: 'page',
      status: response.status,
      head: title + (resources.match(META)?.join('') ?? '') + leadImage,
      html: withoutTitle.slice(resources.length),
    }
  } catch (error) {
    if (error instanceof BrowserRendered) return undefined
    throw error
  }
}

export type RenderPage = typeof renderPage
