// @vitest-environment node
import { JSDOM } from 'jsdom'
import { describe, expect, it, vi } from 'vitest'
import { SERVER_TOKEN, serverTestBed, startApp } from './support'

// A login view that cannot be drawn, as a bug in a component would leave it.
vi.mock('@/features/auth/login-view-markup', () => ({
  loginViewMarkup: () => {
    throw new Error('a component failed')
  },
}))

const bed = serverTestBed()

describe('a login view the server cannot draw', () => {
  it('leaves the login page as it always was, and says why in the log, once, at start', async () => {
    const lines: string[] = []
    const server = await startApp(
      bed.dist.dir,
      { TMDB_API_URL: bed.tmdb.apiUrl, TMDB_TOKEN: SERVER_TOKEN },
      { logger: { level: 'error', stream: { write: (line: string) => lines.push(line) } } },
    )
    bed.apps.push(server)
    for (const url of ['/login', '/login?redirect=%2Ffavorites']) {
      const response = await server.inject({ url })
      expect(response.statusCode).toBe(200)
      const { document } = new JSDOM(response.body).window
      expect(document.querySelector('[data-page-view]')).toBeNull()
      expect(document.querySelector('section[data-home-shell] h1')?.textContent).toBe('CineList')
    }
    const logged = lines.map(
      (line) => JSON.parse(line) as { msg: string; route?: string; err?: { message: string } },
    )
    expect(logged.map(({ msg, route, err }) => [msg, route, err?.message])).toEqual([
      ['could not draw the page’s view', '/login', 'a component failed'],
    ])
  })
})
