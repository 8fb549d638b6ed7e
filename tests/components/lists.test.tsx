import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useSessionStore } from '@/lib/session/session-store'
import { db } from '@/mocks/server'
import { listEntryOf } from '../expected'
import { optionTexts } from '../queries'
import { renderRoute } from '../render-route'

afterEach(() => {
  vi.restoreAllMocks()
})

const toast = (text: string) => screen.findByText(text)
const signIn = () => {
  useSessionStore.getState().signIn({ name: 'Alice', email: 'alice@example.com' })
}
const firstCard = async () => {
  const card = (await screen.findAllByRole('article'))[0]
  if (!card) throw new Error('no card')
  return within(card)
}
/** The list tools' count of the movies shown, a status region. */
const countShown = () => {
  const count = screen.getAllByRole('status').find((region) => / movies?$/.test(region.textContent))
  if (!count) throw new Error('no count of the movies shown')
  return count
}
const seed = (key: string, movies: ReturnType<typeof listEntryOf>[]) => {
  localStorage.setItem(`${key}:alice@example.com`, JSON.stringify({ version: 1, movies }))
}

describe('Watchlist and Seen toggles', () => {
  it('ask a visitor to log in first and change nothing', async () => {
    const { user } = await renderRoute('/')
    const card = await firstCard()
    await user.click(card.getByRole('button', { name: 'Add to Watchlist' }))
    expect(await toast('Please login first')).toBeInTheDocument()
    await user.click(card.getByRole('button', { name: 'Mark as seen' }))
    expect(card.getByRole('button', { name: 'Mark as seen' })).toHaveAttribute(
      'aria-pressed',
      'false',
    )
    expect(Object.keys(localStorage)).toEqual([])
  })

  it('toggle a card on and off with their toasts, and a seen film stays on the watchlist', async () => {
    signIn()
    const { user } = await renderRoute('/')
    const card = await firstCard()
    const add = card.getByRole('button', { name: 'Add to Watchlist' })
    expect(add).toHaveAttribute('aria-pressed', 'false')
    await user.click(add)
    expect(await toast('Added to watchlist')).toBeInTheDocument()
    expect(card.getByRole('button', { name: 'On Watchlist' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )

    await user.click(card.getByRole('button', { name: 'Mark as seen' }))
    expect(await toast('Marked as seen')).toBeInTheDocument()
    expect(card.getByRole('button', { name: 'Seen' })).toHaveAttribute('aria-pressed', 'true')
    expect(card.getByRole('button', { name: 'On Watchlist' })).toBeInTheDocument()

    await user.click(card.getByRole('button', { name: 'Seen' }))
    expect(await toast('Marked as not seen')).toBeInTheDocument()
    await user.click(card.getByRole('button', { name: 'On Watchlist' }))
    expect(await toast('Removed from watchlist')).toBeInTheDocument()
    expect(card.getByRole('button', { name: 'Add to Watchlist' })).toHaveAttribute(
      'aria-pressed',
      'false',
    )
    // The favorites button is untouched by either list.
    expect(card.getByRole('button', { name: 'Add to Favorites' })).toBeInTheDocument()
  })

  it('sit on the detail page too, sharing the card state', async () => {
    signIn()
    const movie = db.movies[0]
    if (!movie) throw new Error('empty catalog')
    seed('seen', [listEntryOf(movie)])
    const { user } = await renderRoute(`/movie/${String(movie.id)}`)
    await screen.findByRole('heading', { level: 1, name: movie.title })
    const details = within(screen.getByRole('toolbar', { name: `Lists: ${movie.title}` }))
    expect(details.getByRole('button', { name: 'Seen' })).toHaveAttribute('aria-pressed', 'true')
    await user.click(details.getByRole('button', { name: 'Add to Watchlist' }))
    expect(await toast('Added to watchlist')).toBeInTheDocument()
    expect(localStorage.getItem('watchlist:alice@example.com')).toContain(`"id":${movie.id}`)
  })

  it('sit in a toolbar named by its film on each card', async () => {
    await renderRoute('/')
    const cards = await screen.findAllByRole('article')
    const names = cards.map((card) => {
      const title = within(card).getByRole('heading').textContent
      const toolbar = within(card).getByRole('toolbar')
      expect(toolbar).toHaveAccessibleName(`Lists: ${title}`)
      return toolbar.getAttribute('aria-label')
    })
    expect(new Set(names).size).toBe(cards.length)
  })

  it('sit on every search result and "More like this" card, each described by its film', async () => {
    signIn()
    const { user } = await renderRoute('/search?q=star')
    const results = await screen.findByRole('list', { name: 'Results for “star”' })
    const [result] = within(results).getAllByRole('article')
    if (!result) throw new Error('no result')
    const title = within(result).getByRole('link').textContent
    const add = within(result).getByRole('button', { name: 'Add to Watchlist' })
    expect(add).toHaveAccessibleDescription(title)
    expect(
      within(result).getByRole('button', { name: 'Mark as seen' }),
    ).toHaveAccessibleDescription(title)
    await user.click(add)
    expect(await toast('Added to watchlist')).toBeInTheDocument()
    expect(localStorage.getItem('watchlist:alice@example.com')).toContain(`"title":"${title}"`)

    const movie = db.movies[0]
    if (!movie) throw new Error('empty catalog')
    await renderRoute(`/movie/${String(movie.id)}`)
    const similar = await screen.findByRole('region', { name: 'More like this' })
    for (const card of within(similar).getAllByRole('article')) {
      const name = within(card).getByRole('link').textContent
      for (const button of within(card).getAllByRole('button')) {
        expect(button).toHaveAccessibleDescription(name)
      }
    }
  })

  it('report a full storage and leave the button as it was', async () => {
    signIn()
    const { user } = await renderRoute('/')
    const card = await firstCard()
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError')
    })
    await user.click(card.getByRole('button', { name: 'Add to Watchlist' }))
    expect(
      await toast('Your watchlist could not be saved: browser storage is full or turned off.'),
    ).toBeInTheDocument()
    expect(card.getByRole('button', { name: 'Add to Watchlist' })).toHaveAttribute(
      'aria-pressed',
      'false',
    )
  })
})

describe('Watchlist and Seen pages', () => {
  it.each([
    ['/watchlist', 'My Watchlist'],
    ['/seen', 'Seen'],
  ])('%s sends a visitor to the login with the guard toast', async (path) => {
    const { router } = await renderRoute(path)
    expect(router.state.location.pathname).toBe('/login')
    expect(router.state.location.search).toEqual({ redirect: path })
    expect(await toast('You must be logged in to access this page')).toBeInTheDocument()
  })

  it.each([
    ['/watchlist', 'My Watchlist', 'No movies on your watchlist yet.'],
    ['/seen', 'Seen', 'No movies marked as seen yet.'],
  ])('%s shows its title and empty message', async (path, title, empty) => {
    signIn()
    await renderRoute(path)
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument()
    expect(screen.getByText(empty)).toBeInTheDocument()
    expect(document.title).toBe(`${title} · CineList`)
  })

  it('lists the watchlist with toggles; unticking a card takes it off', async () => {
    signIn()
    const [first, second] = db.movies
    if (!first || !second) throw new Error('empty catalog')
    seed('watchlist', [listEntryOf(first), listEntryOf(second)])
    const { user } = await renderRoute('/watchlist')
    const list = within(within(screen.getByRole('main')).getByRole('list'))
    expect(list.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      first.title,
      second.title,
    ])
    expect(list.getByRole('link', { name: first.title })).toHaveAttribute(
      'href',
      `/movie/${String(first.id)}`,
    )
    const [card] = list.getAllByRole('listitem')
    if (!card) throw new Error('no card')
    await user.click(within(card).getByRole('button', { name: 'On Watchlist' }))
    expect(await toast('Removed from watchlist')).toBeInTheDocument()
    expect(list.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      second.title,
    ])
  })

  it('links both pages from the navigation', async () => {
    await renderRoute('/')
    const nav = within(screen.getByRole('navigation', { name: 'Main' }))
    expect(nav.getByRole('link', { name: 'Watchlist' })).toHaveAttribute('href', '/watchlist')
    expect(nav.getByRole('link', { name: 'Seen' })).toHaveAttribute('href', '/seen')
  })
})

describe('List tools', () => {
  const movies = db.movies.slice(0, 40)
  const titles = () =>
    within(within(screen.getByRole('main')).getByRole('list'))
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent)

  it('sort and filter the favorites by URL, count what is shown, and write the URL back', async () => {
    signIn()
    localStorage.setItem(
      'favorites:alice@example.com',
      JSON.stringify({ version: 1, movies: movies.map((movie) => listEntryOf(movie)) }),
    )
    const byTitle = [...movies].sort((a, b) => a.title.localeCompare(b.title, 'en'))
    const { user, router } = await renderRoute('/favorites?sort=title')
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('title')
    expect(countShown()).toHaveTextContent('40 of 40 movies')
    expect(titles()).toEqual(byTitle.slice(0, 24).map((movie) => movie.title))

    const target = movies[7]
    if (!target) throw new Error('short catalog')
    await user.type(screen.getByRole('searchbox', { name: 'Filter' }), target.title)
    expect(titles()).toContain(target.title)
    expect(router.state.location.search).toEqual({ sort: 'title', filter: target.title })
    expect(countShown()).toHaveTextContent(new RegExp(`^${String(titles().length)} of 40 movies$`))

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Rating')
    expect(router.state.location.search).toEqual({ sort: 'rating', filter: target.title })
    // Date added is every list's default: choosing it leaves the URL bare.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Date added')
    expect(router.state.location.search).toEqual({ filter: target.title })
  })

  it.each(['/favorites', '/watchlist', '/seen'])(
    'open %s newest first, with the same four orders',
    async (path) => {
      signIn()
      const [first, second, third] = movies
      if (!first || !second || !third) throw new Error('short catalog')
      const entries = [
        listEntryOf(first, '2025-01-01T00:00:00.000Z'),
        listEntryOf(second, '2025-06-01T00:00:00.000Z'),
        listEntryOf(third, '2025-03-01T00:00:00.000Z'),
      ]
      for (const list of ['favorites', 'watchlist', 'seen'])
        localStorage.setItem(
          `${list}:alice@example.com`,
          JSON.stringify({ version: 1, movies: entries }),
        )
      await renderRoute(path)
      const sortBy = screen.getByRole('combobox', { name: 'Sort by' })
      expect(sortBy).toHaveValue('added')
      expect(optionTexts(sortBy)).toEqual(['Date added', 'Title', 'Release year', 'Rating'])
      expect(titles()).toEqual([second.title, third.title, first.title])
    },
  )

  it('read a sort a link from an older version has (?sort=stored) as the default', async () => {
    signIn()
    const [first, second] = movies
    if (!first || !second) throw new Error('short catalog')
    localStorage.setItem(
      'favorites:alice@example.com',
      JSON.stringify({
        version: 1,
        movies: [
          listEntryOf(first, '2025-01-01T00:00:00.000Z'),
          listEntryOf(second, '2025-06-01T00:00:00.000Z'),
        ],
      }),
    )
    const { router } = await renderRoute('/favorites?sort=stored')
    expect(router.state.location.search).toEqual({})
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('added')
    expect(titles()).toEqual([second.title, first.title])
  })

  it('show the newest entries first by default', async () => {
    signIn()
    const [old, newer, newest] = movies
    if (!old || !newer || !newest) throw new Error('short catalog')
    seed('seen', [
      listEntryOf(old),
      listEntryOf(newest, '2025-06-01T00:00:00.000Z'),
      listEntryOf(newer, '2025-01-01T00:00:00.000Z'),
    ])
    await renderRoute('/seen')
    expect(titles()).toEqual([newest.title, newer.title, old.title])
  })

  it('say when the filter leaves nothing', async () => {
    signIn()
    seed(
      'watchlist',
      movies.slice(0, 3).map((movie) => listEntryOf(movie)),
    )
    await renderRoute('/watchlist?filter=zzzz%20no%20such%20title')
    expect(
      screen.getByText('No movies in this list match “zzzz no such title”.'),
    ).toBeInTheDocument()
    expect(screen.getByRole('searchbox', { name: 'Filter' })).toHaveValue('zzzz no such title')
  })
})
