import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { db, server } from '@/mocks/server'
import { renderRoute } from '../render-route'

/**
 * Values in the address are input the app does not control: whatever they say, a post-login
 * redirect stays on this site, and no request goes out that TMDB would refuse.
 */

/** The TMDB requests made, as URLs. */
function recordRequests() {
  const urls: URL[] = []
  server.events.on('request:start', ({ request }) => {
    if (request.url.includes('/3/')) urls.push(new URL(request.url))
  })
  return urls
}

afterEach(() => {
  server.events.removeAllListeners()
})

describe('a post-login redirect, as typed in the address', () => {
  it.each([
    'https://evil.example',
    '//evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
    '%2F%2Fevil.example',
    '%2F%5Cevil.example',
    'JaVaScRiPt%3Aalert%281%29',
    '%22%2F%2Fevil.example%22',
    '%2F%09%2Fevil.example',
  ])('is dropped when it leads off the site: ?redirect=%s', async (raw) => {
    const { router } = await renderRoute(`/login?redirect=${raw}`)
    const login = router.state.matches.find((match) => match.routeId === '/login')
    expect(login?.search).toEqual({})
  })
})

describe('a movie id that is not one', () => {
  it.each(['/movie/abc', '/movie/99999999999', '/movie/0', '/movie/-1', '/movie/1e3'])(
    '%s is the page that does not exist, and asks TMDB nothing',
    async (path) => {
      const requests = recordRequests()
      await renderRoute(path)
      expect(
        await screen.findByText('The page you’re looking for doesn’t seem to exist.'),
      ).toBeInTheDocument()
      expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/')
      expect(requests.filter((url) => url.pathname.startsWith('/3/movie/'))).toEqual([])
    },
  )
})

describe('a page of the home grid that TMDB does not serve', () => {
  it.each(['-1', '99999', '0', '501', '2.5', 'abc'])(
    '?page=%s shows page 1 and asks for page 1',
    async (page) => {
      const requests = recordRequests()
      await renderRoute(`/?page=${page}`)
      const grid = await screen.findByRole('region', { name: 'Popular Movies' })
      expect(
        within(grid).getByRole('img', { name: db.discover(1).results[0]?.title }),
      ).toBeInTheDocument()
      const pagination = within(screen.getByRole('navigation', { name: 'Pagination' }))
      expect(pagination.getByRole('button', { name: '1' })).toHaveAttribute('aria-current', 'page')
      expect(pagination.getByRole('button', { name: 'Previous' })).toBeDisabled()
      expect(
        requests
          .filter((url) => url.pathname === '/3/discover/movie')
          .map((url) => url.searchParams.get('page')),
      ).toEqual(['1'])
    },
  )
})

it('a search term of 2,000 characters is cut to 100, in the box and in the request', async () => {
  const requests = recordRequests()
  const term = 'The Matrix '.repeat(200).slice(0, 2000)
  await renderRoute(`/search?q=${encodeURIComponent(term)}`)
  // The demo catalog has no such title: the search completes with no results.
  expect(await screen.findByText('No movies found')).toBeInTheDocument()
  expect(screen.queryByText('Error fetching data')).not.toBeInTheDocument()
  const box = screen.getByPlaceholderText('Enter movie title...')
  expect((box as HTMLInputElement).value).toBe(term.slice(0, 100).trim())
  const queries = requests
    .filter((url) => url.pathname === '/3/search/movie')
    .map((url) => url.searchParams.get('query') ?? '')
  expect(queries).not.toHaveLength(0)
  for (const query of queries) {
    expect(query.length).toBeLessThanOrEqual(100)
    expect(term.startsWith(query)).toBe(true)
  }
})
