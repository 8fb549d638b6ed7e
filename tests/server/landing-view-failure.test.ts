// @vitest-environment node
import { JSDOM } from 'jsdom'
import { describe, expect, it, vi } from 'vitest'
import { INLINE_ANSWER_ID } from '../../src/lib/tmdb/inline-answer'
import { DISCOVER, SERVER_TOKEN, serverTestBed, startApp } from './support'

// A view that cannot be drawn, as a bug in a component would leave it.
vi.mock('@/features/movies/home-view-markup', () => ({
  homeViewMarkup: () => {
    throw new Error('a component failed')
  },
}))

const bed = serverTestBed()

describe('a home view the server cannot draw', () => {
  it('leaves the page as it always was, with the answer inside, and says why in the log', async () => {
    const lines: string[] = []
    const server = await startApp(
      bed.dist.dir,
      { TMDB_API_URL: bed.tmdb.apiUrl, TMDB_TOKEN: SERVER_TOKEN },
      { logger: { level: 'error', stream: { write: (line: string) => lines.push(line) } } },
    )
    bed.apps.push(server)
    await server.inject({ url: DISCOVER })
    const response = await server.inject({ url: '/' })
    expect(response.statusCode).toBe(200)
    const { document } = new JSDOM(response.body).window
    expect(document.getElementById(INLINE_ANSWER_ID)).not.toBeNull()
    expect(document.querySelector('section[data-home-shell] h1')?.textContent).toBe('CineList')
    const logged = lines.map(
      (line) => JSON.parse(line) as { msg: string; err?: { message: string } },
    )
    expect(logged.map(({ msg, err }) => [msg, err?.message])).toEqual([
      ['could not draw the page’s view', 'a component failed'],
    ])
  })
})
