// @vitest-environment node
import { describe, expect, it, vi } from 'vitest'
import { DISCOVER, serverTestBed } from '../support'

const bed = serverTestBed()
const app = bed.app

describe('the demo catalog’s posters', () => {
  it('marks the demo catalog, with its posters served here, when no credential is set', async () => {
    const server = await app({ TMDB_TOKEN: '', TMDB_API_KEY: '' })
    const page = await server.inject({ url: '/' })
    expect(page.body).toContain(
      '<meta name="tmdb-proxy" content="/api/tmdb" data-image-url="/demo-images" data-demo>',
    )
    const movies = await server.inject({ url: DISCOVER })
    const first = movies.json<{ results: { poster_path: string }[] }>().results[0]
    const poster = await server.inject({ url: `/demo-images/w300${first?.poster_path ?? ''}` })
    expect(poster.statusCode).toBe(200)
    expect(poster.headers['content-type']).toBe('image/svg+xml')
    // Public, like TMDB's image host's posters: a page served elsewhere may show them.
    expect(poster.headers['cross-origin-resource-policy']).toBe('cross-origin')
    expect(bed.tmdb.requests).toHaveLength(0)
  })

  it('answers a poster the catalog does not have with a plain 404', async () => {
    const server = await app({ TMDB_TOKEN: '', TMDB_API_KEY: '' })
    const response = await server.inject({ url: '/demo-images/w300/no-such-poster.svg' })
    expect(response.statusCode).toBe(404)
    expect(response.headers['content-type']).toMatch(/^text\/plain/)
  })

  it('answers a failure with the app’s plain 500, which says nothing of it', async () => {
    const server = await app({ TMDB_TOKEN: '', TMDB_API_KEY: '' })
    const { demo } = server.tmdb
    if (!demo) throw new Error('no demo catalog')
    vi.spyOn(demo, 'image').mockRejectedValue(new Error('catalog at /srv/cinelist unreadable'))
    const response = await server.inject({ url: '/demo-images/w300/1.svg' })
    expect(response.statusCode).toBe(500)
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8')
    expect(response.body).toBe('Server error')
  })
})
