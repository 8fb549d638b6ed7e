import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { readTmdbConfig } from '@/config/env'
import { createTmdbClient } from '@/lib/tmdb'
import { server } from '@/mocks/server'
import { readRealTmdb } from '../real-tmdb'

const API = 'https://api.themoviedb.org'
const client = () => createTmdbClient(readTmdbConfig({ VITE_TMDB_API_KEY: 'key' }))

function answer(path: string, body: unknown) {
  const seen: URL[] = []
  server.use(
    http.get(`${API}${path}`, ({ request }) => {
      seen.push(new URL(request.url))
      return HttpResponse.json(body as Record<string, unknown>)
    }),
  )
  return seen
}

describe('a person', () => {
  it('is one request with the films appended, and reads a recorded body', async () => {
    const seen = answer('/3/person/287', readRealTmdb('people/moviebase-person-287-brad-pitt.json'))
    const person = await client().getPerson(287)
    expect(seen.map((url) => url.pathname + url.search)).toEqual([
      '/3/person/287?language=en-US&append_to_response=movie_credits&api_key=key',
    ])
    expect(person).toMatchObject({
      id: 287,
      name: 'Brad Pitt',
      birthday: '1963-12-18',
      deathday: null,
      known_for_department: 'Acting',
    })
    expect(person.movie_credits?.cast?.length).toBeGreaterThan(50)
    expect(person.movie_credits?.cast?.[0]).toMatchObject({
      id: 297,
      title: 'Meet Joe Black',
      character: 'Joe Black / Young Man in Coffee Shop',
    })
    expect(person.movie_credits?.crew?.some((credit) => credit.department === 'Production')).toBe(
      true,
    )
  })

  it('keeps an empty biography and no credits as TMDB sends them', async () => {
    const body = readRealTmdb('people/indexed-person-1253360-pedro-pascal-empty-biography.json')
    answer('/3/person/1253360', body)
    const person = await client().getPerson(1253360)
    expect(person).toMatchObject({ name: 'Pedro Pascal', biography: '' })
    expect(person.movie_credits).toBeUndefined()
  })

  it('leaves out a credit it cannot link, and a malformed credits part, not the person', async () => {
    answer('/3/person/9', {
      id: 9,
      name: 'Someone',
      movie_credits: {
        cast: [{ title: 'No id' }, { id: 5, title: null, release_date: '' }],
        crew: [{ id: 6, title: 'A film', department: 'Writing', job: 'Screenplay' }],
      },
    })
    const person = await client().getPerson(9)
    expect(person.movie_credits?.cast).toEqual([{ id: 5, title: null, release_date: '' }])
    expect(person.movie_credits?.crew).toHaveLength(1)

    answer('/3/person/10', { id: 10, name: 'Other', movie_credits: 'oops', birthday: 42 })
    const other = await client().getPerson(10)
    expect(other).toEqual({ id: 10, name: 'Other' })
  })
})

describe('searching people', () => {
  it('asks /3/search/person and reads a recorded page', async () => {
    const seen = answer('/3/search/person', readRealTmdb('people/moviebase-search-person-ka.json'))
    const page = await client().searchPeople('ka', 1)
    expect(seen.map((url) => url.pathname + url.search)).toEqual([
      '/3/search/person?query=ka&page=1&api_key=key',
    ])
    expect(page.results).toHaveLength(20)
    const kaKa = page.results.find((person) => person.id === 1486313)
    expect(kaKa?.known_for_department).toBe('Directing')
    expect(page.results.filter((person) => person.profile_path === null)).toHaveLength(14)
    expect(page.results.every((person) => (person.known_for?.length ?? 0) >= 1)).toBe(true)
  })
})
