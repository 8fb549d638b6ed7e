// @vitest-environment node
import { JSDOM } from 'jsdom'
import { describe, expect, it, vi } from 'vitest'
import { INLINE_ANSWER_ID } from '../../src/lib/tmdb/inline-answer'
import { DISCOVER, SERVER_TOKEN, serverTestBed, startApp } from './support'

// Views that cannot be drawn, as a bug in a component would leave them.
vi.mock('@/features/movies/home-view-markup', () => ({
  homeViewMarkup: () => {
    throw new Error('a component failed')
  },
}))
vi.mock('@/features/auth/login-view-markup', () => ({
  loginViewMarkup: () => {
    throw new Error('a component failed')
  },
}))

const bed = serverTestBed()

/** The server, and what it logs at error level, each line as [message, route, error]. */
async function loggedApp() {
  const lines: string[] = []
  const server = await startApp(
    bed.dist.dir,
    { TMDB_API_URL: bed.tmdb.apiUrl, TMDB_TOKEN: SERVER_TOKEN },
    { logger: { level: 'error', stream: { write: (line: string) => lines.push(line) } } },
  )
  bed.apps.push(server)
  const logged = () =>
    lines
      .map((line) => JSON.parse(line) as { msg: string; route?: string; err?: { message: string } })
      .map(({ msg, route, err }) => [msg, route, err?.message])
  return { server, logged }
}

const page = (body: string) => new JSDOM(body).window.document

describe('a view the server cannot draw', () => {
  it('leaves the home page as it always was, with the answer inside, and says why in the log', async () => {
    const { server, logged } = await loggedApp()
    await server.inject({ url: DISCOVER })
    const response = await server.inject({ url: '/' })
    expect(response.statusCode).toBe(200)
    const document = page(response.body)
    expect(document.getElementById(INLINE_ANSWER_ID)).not.toBeNull()
    expect(document.querySelector('section[data-home-shell] h1')?.textContent).toBe('CineList')
    expect(logged()).toContainEqual(['could not draw the page’s view', '/', 'a component failed'])
  })

  it('leaves the login page as it always was, and says why in the log, once, at start', async () => {
    const { server, logged } = await loggedApp()
    for (const url of ['/login', '/login?redirect=%2Ffavorites']) {
      const response = await server.inject({ url })
      expect(response.statusCode).toBe(200)
      const document = page(response.body)
      expect(document.querySelector('[data-page-view]')).toBeNull()
      expect(document.querySelector('section[data-home-shell] h1')?.textContent).toBe('CineList')
    }
    expect(logged()).toEqual([['could not draw the page’s view', '/login', 'a component failed']])
  })
})
