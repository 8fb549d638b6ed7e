import { describe, expect, it } from 'vitest'
import { tmdbConfig } from '@/config/env'
import { createTmdbClient } from '@/lib/tmdb'
import { recentResponses, rememberResponse } from '@/lib/tmdb/recent-responses'

describe('the TMDB responses a page keeps for the offline cache', () => {
  it('holds each response the client accepted, by its request URL, as TMDB sent it', async () => {
    const page = await createTmdbClient(tmdbConfig).discoverMovies(2)
    const [url, body] = recentResponses().at(-1) ?? []
    expect(url).toMatch(/^https:\/\/api\.themoviedb\.org\/3\/discover\/movie\?.*page=2/)
    expect((body as { results: unknown[] }).results).toHaveLength(page.results.length)
  })

  it('keeps the last 30, the newest last', () => {
    for (let index = 0; index < 40; index++)
      rememberResponse(`https://x.test/${String(index)}`, index)
    rememberResponse('https://x.test/15', 'again')
    const kept = recentResponses()
    expect(kept).toHaveLength(30)
    expect(kept.at(-1)).toEqual(['https://x.test/15', 'again'])
    expect(kept.map(([url]) => url)).not.toContain('https://x.test/9')
    expect(kept[0]).toEqual(['https://x.test/10', 10])
  })
})
