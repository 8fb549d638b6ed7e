/** The last TMDB responses by URL, for the service worker on a first visit (src/features/pwa/). */
const MAX_RESPONSES = 30
const responses = new Map<string, unknown>()

export function rememberResponse(url: string, body: unknown): void {
  responses.delete(url)
  responses.set(url, body)
  if (responses.size > MAX_RESPONSES) responses.delete(responses.keys().next().value ?? url)
}

export const recentResponses = (): [url: string, body: unknown][] => [...responses]

/** A page the server rendered came with these, dehydrated: the offline cache asks for them once. */
const served = new Set<string>()

export function rememberServedResponses(urls: readonly string[]): void {
  for (const url of urls) served.add(url)
}

export const servedResponses = (): string[] => [...served]
