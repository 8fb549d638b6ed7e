import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useSessionStore } from '@/lib/session/session-store'
import { TMDB_ERRORS } from '@/mocks/handlers'
import { tmdbScenario } from '@/mocks/scenarios'
import { db, server } from '@/mocks/server'
import { readRealTmdb } from '../real-tmdb'
import { renderRoute } from '../render-route'

const bradPitt = readRealTmdb('people/moviebase-person-287-brad-pitt.json') as {
  movie_credits: { cast: { id: number; title: string; vote_count: number }[] }
}
const richardAnderson = readRealTmdb('people/ceg-person-12312-details-with-append.json')
const pedroPascal = readRealTmdb('people/indexed-person-1253360-pedro-pascal-empty-biography.json')

const department = (name: string) => screen.getByRole('region', { name })
const rowsOf = (name: string) =>
  within(department(name))
    .getAllByRole('listitem')
    .map((row) => row.textContent.replace(/\s+/g, ' ').trim())

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date('2026-12-01T12:00:00Z'))
})
afterEach(() => {
  vi.useRealTimers()
})

describe('a person recorded from TMDB', () => {
  it('shows the name, the dates with the age, the biography and what they are known for', async () => {
    server.use(tmdbScenario.respond('person', bradPitt as Record<string, unknown>))
    await renderRoute('/person/287')
    expect(await screen.findByRole('heading', { level: 1, name: 'Brad Pitt' })).toBeInTheDocument()
    await waitFor(() => {
      expect(document.title).toBe('Brad Pitt · CineList')
    })
    expect(screen.getByRole('img', { name: 'Brad Pitt' })).toHaveAttribute(
      'src',
      expect.stringMatching(/\/w185\/.+\.jpg$/),
    )
    const facts = screen.getByText('Born').closest('dl')
    expect(facts?.textContent).toContain('Known forActing')
    expect(facts?.textContent).toContain('BornDecember 18, 1963 (age 62)')
    expect(facts?.textContent).toContain('Place of birth')
    expect(screen.getByRole('button', { name: 'Read more' })).toHaveAttribute(
      'aria-expanded',
      'false',
    )

    const mostVoted = [...bradPitt.movie_credits.cast]
      .sort((a, b) => b.vote_count - a.vote_count)
      .slice(0, 8)
      .map((film) => film.title)
    expect(
      within(screen.getByRole('region', { name: 'Known for' }))
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(mostVoted)
  })

  it('lists the films by department, the known-for one first, newest first with undated on top', async () => {
    server.use(tmdbScenario.respond('person', bradPitt as Record<string, unknown>))
    await renderRoute('/person/287')
    await screen.findByRole('heading', { level: 1, name: 'Brad Pitt' })
    const headings = within(screen.getByRole('region', { name: 'Filmography' }))
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent)
    expect(headings[0]).toBe('Acting')
    expect(headings).toContain('Production')
    const years = rowsOf('Acting').map((row) => /^(\d{4}|—)/.exec(row)?.[1])
    const dated = years.filter((year) => year !== '—')
    expect(years.slice(0, years.length - dated.length).every((year) => year === '—')).toBe(true)
    expect(dated).toEqual([...dated].sort().reverse())
    expect(
      rowsOf('Acting').some((row) => row.includes('as Joe Black / Young Man in Coffee Shop')),
    ).toBe(true)
  })

  it('gives a person who died the age they reached, and two jobs on one film one row', async () => {
    server.use(tmdbScenario.respond('person', richardAnderson as Record<string, unknown>))
    await renderRoute('/person/12312')
    await screen.findByRole('heading', { level: 1, name: 'Richard Anderson' })
    const facts = screen.getByText('Born').closest('dl')?.textContent ?? ''
    expect(facts).toContain('BornAugust 8, 1926')
    expect(facts).toContain('DiedAugust 31, 2017 (aged 91)')
    expect(facts).not.toContain('(age ')
    const peggySue = rowsOf('Production').filter((row) => row.includes('Peggy Sue Got Married'))
    expect(peggySue).toHaveLength(1)
    expect(peggySue[0]).toMatch(
      /Executive Producer, Unit Production Manager|Unit Production Manager, Executive Producer/,
    )
  })

  it("says TMDB's sentence for an empty biography, and that no films are listed", async () => {
    server.use(tmdbScenario.respond('person', pedroPascal as Record<string, unknown>))
    await renderRoute('/person/1253360')
    await screen.findByRole('heading', { level: 1, name: 'Pedro Pascal' })
    expect(screen.getByText("We don't have a biography for Pedro Pascal.")).toBeInTheDocument()
    expect(screen.getByText('No films are listed for this person.')).toBeInTheDocument()
  })
})

describe('the demo catalog', () => {
  const film = db.movies.find((movie) => movie.director === 'Steven Spielberg')

  it("leads from a film's director to their page: their films as Directing, and no photo", async () => {
    if (!film) throw new Error('no Spielberg film in the catalog')
    const { user } = await renderRoute(`/movie/${String(film.id)}`)
    await screen.findByRole('heading', { level: 1, name: film.title })
    await user.click(screen.getByRole('link', { name: 'Steven Spielberg' }))
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Steven Spielberg' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('img', { name: 'No photo of Steven Spielberg' })).toBeInTheDocument()
    expect(
      screen.getByText('The demo catalog has no photos, dates or biographies of people.'),
    ).toBeInTheDocument()
    const directed = db.movies.filter((movie) => movie.director === 'Steven Spielberg')
    expect(rowsOf('Directing')).toHaveLength(directed.length)
    expect(screen.queryByText('Born')).not.toBeInTheDocument()
  })

  it('counts what a signed-in person has seen, and hides it on Hide seen', async () => {
    if (!film) throw new Error('no Spielberg film in the catalog')
    useSessionStore.getState().signIn({ name: 'Alice', email: 'alice@example.com' })
    localStorage.setItem(
      'seen:alice@example.com',
      JSON.stringify({ version: 1, movies: [{ id: film.id, title: film.title }] }),
    )
    const director = db.find(film.id, ['credits'])?.credits?.crew[0]
    const { user } = await renderRoute(`/person/${String(director?.id)}`)
    await screen.findByRole('heading', { level: 1, name: 'Steven Spielberg' })
    const total = rowsOf('Directing').length
    expect(
      within(department('Directing')).getByText(`You have seen 1 of ${String(total)}`),
    ).toBeInTheDocument()
    expect(
      within(department('Directing')).getAllByRole('button', { name: 'Seen', pressed: true }),
    ).toHaveLength(1)
    await user.click(screen.getByRole('checkbox', { name: 'Hide seen' }))
    expect(rowsOf('Directing')).toHaveLength(total - 1)
    expect(rowsOf('Directing').some((row) => row.includes(film.title))).toBe(false)
  })
})

describe('bad input', () => {
  it('an id TMDB does not know fails as a movie does, and recovers on Try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const director = db.find(db.movies[0]?.id ?? 0, ['credits'])?.credits?.crew[0]
    server.use(tmdbScenario.fail('person', TMDB_ERRORS.notFound, { once: true }))
    const { user } = await renderRoute(`/person/${String(director?.id)}`)
    expect(await screen.findByText('Failed to load this person')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(
      await screen.findByRole('heading', { level: 1, name: director?.name ?? '' }),
    ).toBeInTheDocument()
  })

  it('an id that is not one is the 404 page', async () => {
    await renderRoute('/person/abc')
    expect(
      await screen.findByText('The page you’re looking for doesn’t seem to exist.'),
    ).toBeInTheDocument()
  })
})
