/**
 * The last TMDB answers this page received, by request URL, as TMDB sent them. On a first visit
 * they arrive before the service worker is in place (it is registered once the page has loaded),
 * so it never sees them: src/features/pwa/ hands them to its cache then, and the pages already
 * seen show offline too. Plain code, a few lines: the entry chunk ships it.
 */
const MAX_ANSWERS = 30
const answers = new Map<string, unknown>()

export function rememberAnswer(url: string, body: unknown): void {
  answers.delete(url)
  answers.set(url, body)
  if (answers.size > MAX_ANSWERS) answers.delete(answers.keys().next().value ?? url)
}

export const recentAnswers = (): [url: string, body: unknown][] => [...answers]

/**
 * The requests whose answers a page the server rendered came with, dehydrated: the browser
 * never received them as TMDB sent them, so the offline cache asks for them once it is in charge.
 */
const served = new Set<string>()

export function rememberServedAnswers(urls: readonly string[]): void {
  for (const url of urls) served.add(url)
}

export const servedAnswers = (): string[] => [...served]
