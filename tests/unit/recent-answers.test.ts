import { describe, expect, it } from 'vitest'
import { tmdbConfig } from '@/config/env'
import { createTmdbClient } from '@/lib/tmdb'
import { recentAnswers, rememberAnswer } from '@/lib/tmdb/recent-answers'

describe('the TMDB answers a page keeps for the offline cache', () => {
  it('holds each answer the client accepted, by its request URL, as TMDB sent it', async () => {
    const page = await createTmdbClient(tmdbConfig).discoverMovies(2)
    const [url, body] = recentAnswers().at(-1) ?? []
    expect(url).toMatch(/^https:\/\/api\.themoviedb\.org\/3\/discover\/movie\?.*page=2/)
    expect((body as { results: unknown[] }).results).toHaveLength(page.results.length)
  })

  it('keeps the last 30, the newest last', () => {
    for (let index = 0; index < 40; index++)
      rememberAnswer(`https://x.test/${String(index)}`, index)
    rememberAnswer('https://x.test/15', 'again')
    const kept = recentAnswers()
    expect(kept).toHaveLength(30)
    expect(kept.at(-1)).toEqual(['https://x.test/15', 'again'])
    expect(kept.map(([url]) => url)).not.toContain('https://x.test/9')
    expect(kept[0]).toEqual(['https://x.test/10', 10])
  })
})
