import { onTestFinished } from 'vitest'
import { server } from '@/mocks/server'

const TMDB_API = 'https://api.themoviedb.org/3'

/**
 * What `read` takes from each request to the TMDB path given (such as "/search/movie") that the
 * mock sees from now until the test ends, in the order they were sent.
 */
export function recordTmdbRequests<T>(path: string, read: (url: URL) => T): T[] {
  const recorded: T[] = []
  const record = ({ request }: { request: Request }) => {
    if (request.url.startsWith(`${TMDB_API}${path}`)) recorded.push(read(new URL(request.url)))
  }
  server.events.on('request:start', record)
  onTestFinished(() => {
    server.events.removeListener('request:start', record)
  })
  return recorded
}
