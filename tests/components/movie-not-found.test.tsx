import { screen } from '@testing-library/react'
import { expect, it, vi } from 'vitest'
import { TMDB_ERRORS } from '@/mocks/handlers'
import { db, server } from '@/mocks/server'
import { tmdbScenario } from '@/mocks/scenarios'
import { renderRoute } from '../render-route'

it('says so when TMDB cannot find the movie, and recovers on Try again', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined) // the query cache logs it
  const movie = db.movies[0]
  if (!movie) throw new Error('empty catalog')
  // Only the first detail request fails; the second is answered from the demo catalog.
  server.use(tmdbScenario.fail('movie', TMDB_ERRORS.notFound, { once: true }))

  const { user } = await renderRoute(`/movie/${String(movie.id)}`)
  expect(await screen.findByText('Failed to load movie details')).toBeInTheDocument()

  await user.click(screen.getByRole('button', { name: 'Try again' }))
  expect(await screen.findByRole('heading', { level: 1, name: movie.title })).toBeInTheDocument()
})
