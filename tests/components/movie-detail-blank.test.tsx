import { screen, within } from '@testing-library/react'
import { expect, it } from 'vitest'
import { server } from '@/mocks/server'
import { tmdbScenario } from '@/mocks/scenarios'
import { renderRoute } from '../render-route'

const factOf = (label: string) =>
  screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent

it('falls back for blank strings and nulls as for missing fields (behaviour §2)', async () => {
  server.use(
    tmdbScenario.respond('movie', {
      id: 44,
      title: '   ',
      overview: '',
      poster_path: '',
      release_date: '',
      vote_average: null,
      genres: null,
    }),
  )
  await renderRoute('/movie/44')
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Untitled Movie' }),
  ).toBeInTheDocument()
  expect(document.title).toBe('Untitled Movie · CineList')
  expect(screen.getByText('No description available for this movie.')).toBeInTheDocument()
  expect(factOf('Release Date')).toBe('Unknown')
  expect(factOf('Rating')).toBe('Not rated')
  expect(factOf('Genres')).toBe('Not specified')
  expect(within(screen.getByRole('article')).queryByRole('img')).not.toBeInTheDocument()
})
