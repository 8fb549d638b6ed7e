import { describe, expect, it } from 'vitest'
import { TMDB_ERRORS } from '@/mocks/handlers'
import { db, mockTmdbUrls } from '@/mocks/server'

// The demo catalog's people: its directors, with nothing its data set does not hold.
const { apiUrl } = mockTmdbUrls

async function getJson(path: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${apiUrl}${path}`)
  return { status: response.status, body: await response.json() }
}

interface Credit {
  id: number
  title: string
  department: string
  job: string
}
interface Person {
  id: number
  name: string
  biography: string
  birthday: null
  profile_path: null
  known_for_department: string
  movie_credits?: { cast: unknown[]; crew: Credit[] }
}

const directed = (name: string) => db.movies.filter((movie) => movie.director === name)
const spielberg = 'Steven Spielberg'

async function directorOf(movieId: number) {
  const { body } = await getJson(`/3/movie/${String(movieId)}?append_to_response=credits`)
  return (body as { credits: { crew: { id: number; name: string; job: string }[] } }).credits
    .crew[0]
}

describe('GET /3/person/{id}', () => {
  it("is a film's director, reached by the id its credits give, with their films as Directing", async () => {
    const films = directed(spielberg)
    expect(films.length).toBeGreaterThan(5)
    const director = await directorOf(films[0]?.id ?? 0)
    expect(director).toMatchObject({ name: spielberg, job: 'Director' })

    const { status, body } = await getJson(
      `/3/person/${String(director?.id)}?language=en-US&append_to_response=movie_credits`,
    )
    expect(status).toBe(200)
    const person = body as Person
    expect(person).toMatchObject({
      id: director?.id,
      name: spielberg,
      known_for_department: 'Directing',
      biography: '',
      birthday: null,
      profile_path: null,
    })
    expect(person.movie_credits?.cast).toEqual([])
    expect(person.movie_credits?.crew.map((credit) => credit.id).sort()).toEqual(
      films.map((film) => film.id).sort(),
    )
    expect(
      person.movie_credits?.crew.every(
        (credit) => credit.department === 'Directing' && credit.job === 'Director',
      ),
    ).toBe(true)
  })

  it('keeps one id per name, whichever film leads to it, and sends films only when asked', async () => {
    const [first, second] = directed(spielberg)
    const a = await directorOf(first?.id ?? 0)
    const b = await directorOf(second?.id ?? 0)
    expect(a?.id).toBe(b?.id)
    const { body } = await getJson(`/3/person/${String(a?.id)}`)
    expect(body).not.toHaveProperty('movie_credits')
  })

  it('answers an id it does not know as TMDB does', async () => {
    for (const id of ['1', 'abc', '0x10']) {
      const { status, body } = await getJson(`/3/person/${id}?append_to_response=movie_credits`)
      expect(status).toBe(404)
      expect(body).toEqual(TMDB_ERRORS.notFound.body)
    }
  })
})

describe('GET /3/search/person', () => {
  it('finds directors by name, whole words first, with up to three known-for films', async () => {
    const { status, body } = await getJson('/3/search/person?query=spielberg&page=1')
    expect(status).toBe(200)
    const page = body as {
      results: { name: string; known_for_department: string; known_for: { media_type: string }[] }[]
      total_results: number
    }
    expect(page.results[0]).toMatchObject({ name: spielberg, known_for_department: 'Directing' })
    expect(page.results[0]?.known_for).toHaveLength(3)
    expect(page.results[0]?.known_for.every((film) => film.media_type === 'movie')).toBe(true)
  })

  it('answers a blank query with an empty page, and a bad page as TMDB does', async () => {
    expect((await getJson('/3/search/person?query=%20')).body).toMatchObject({ results: [] })
    expect((await getJson('/3/search/person?query=a&page=0')).status).toBe(400)
  })
})
