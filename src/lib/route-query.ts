/**
 * A loader's query, started, not awaited in the browser: the page renders meanwhile and shows its
 * own loading state. The server waits, to send the data. A failure is only logged (by the cache).
 */
export async function startRouteQuery(query: () => Promise<unknown>): Promise<void> {
  const started = query().catch(() => undefined)
  if (import.meta.env.SSR) await started
}
