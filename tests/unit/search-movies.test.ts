import { createTmdbClient } from '@/lib/tmdb'
import { tmdbConfig } from '@/config/env'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { searchMovies } from '@/features/search/api/search-movies'
import { server } from '@/mocks/server'

const client = createTmdbClient(tmdbConfig)

const SEARCH = 'https://api.themoviedb.org/3/search/movie'

/** A fake search with `totalPages` pages of 20 results; ids encode page and position. */
function fakeSearch(totalPages: number) {
  const pagesAsked: number[] = []
  server.use(
    http.get(SEARCH, ({ request }) => {
      const page = Number(new URL(request.url).searchParams.get('page'))
      pagesAsked.push(page)
      const results = Array.from({ length: 20 }, (_, index) => ({
        id: page * 100 + index,
        title: `Film ${page}-${index}`,
      }))
      return HttpResponse.json({
        page,
        results,
        total_pages: totalPages,
        total_results: totalPages * 20,
      })
    }),
  )
  return pagesAsked
}

describe('searchMovies', () => {
  it('fetches page 1, then pages 2..5 at most, and keeps the first 10 results in page order', async () => {
    const pagesAsked = fakeSearch(40)
    const results = await searchMovies('film', { client })
    expect(pagesAsked[0]).toBe(1)
    expect([...pagesAsked].sort()).toEqual([1, 2, 3, 4, 5])
    expect(results.map((movie) => movie.id)).toEqual([
      100, 101, 102, 103, 104, 105, 106, 107, 108, 109,
    ])
  })

  it('asks only for the pages there are', async () => {
    const pagesAsked = fakeSearch(2)
    await searchMovies('film', { client })
    expect(pagesAsked.sort()).toEqual([1, 2])
  })

  it('merges small pages across page boundaries and drops repeated films', async () => {
    server.use(
      http.get(SEARCH, ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page'))
        const results = [
          { id: page * 10 + 1, title: `A${page}` },
          { id: 1, title: 'Everywhere' },
        ]
        return HttpResponse.json({ page, results, total_pages: 3 })
      }),
    )
    const results = await searchMovies('a', { client })
    expect(results.map((movie) => movie.id)).toEqual([11, 1, 21, 31])
  })

  it("hands over page 1's share of the list before the other pages, when there are others", async () => {
    fakeSearch(3)
    const firstPage: number[][] = []
    const results = await searchMovies('film', {
      client,
      onFirstPage: (movies) => firstPage.push(movies.map((movie) => movie.id)),
    })
    expect(firstPage).toEqual([[100, 101, 102, 103, 104, 105, 106, 107, 108, 109]])
    expect(results.map((movie) => movie.id)).toEqual(firstPage[0])

    fakeSearch(1)
    firstPage.length = 0
    await searchMovies('film', { client, onFirstPage: (movies) => firstPage.push([movies.length]) })
    expect(firstPage).toEqual([])
  })

  it('fails as a whole when any page fails', async () => {
    server.use(
      http.get(SEARCH, ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page'))
        if (page === 3) return HttpResponse.json({ status_code: 11 }, { status: 500 })
        return HttpResponse.json({ page, results: [], total_pages: 4 })
      }),
    )
    await expect(searchMovies('x', { client })).rejects.toMatchObject({ status: 500 })
  })
})
