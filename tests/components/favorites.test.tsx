import { screen, waitForElementToBeRemoved, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useSessionStore } from '@/lib/session/session-store'
import { notify } from '@/lib/toast'
import { db } from '@/mocks/server'
import { renderRoute } from '../render-route'

const toast = (text: string) => screen.findByText(text)
const signIn = () => {
  useSessionStore.getState().signIn({ name: 'Alice', email: 'alice@example.com' })
}

describe('Favorites', () => {
  it('asks a visitor to log in first', async () => {
    const { user } = await renderRoute('/')
    const [firstAdd] = await screen.findAllByRole('button', { name: 'Add to Favorites' })
    if (!firstAdd) throw new Error('no card')
    await user.click(firstAdd)
    expect(await toast('Please login first')).toBeInTheDocument()
  })

  it('takes a page’s toasts away when the visitor goes to another page', async () => {
    const { user, router } = await renderRoute('/')
    const [firstAdd] = await screen.findAllByRole('button', { name: 'Add to Favorites' })
    if (!firstAdd) throw new Error('no card')
    await user.click(firstAdd)
    notify.message('A note that stays until dismissed', { duration: Infinity })
    expect(await toast('Please login first')).toBeInTheDocument()
    expect(await toast('A note that stays until dismissed')).toBeInTheDocument()
    // Older than a toast that leads to a navigation (a sign-in's, a guard's).
    await new Promise((resolve) => setTimeout(resolve, 1200))
    await router.navigate({ to: '/search' })
    await waitForElementToBeRemoved(() => screen.queryByText('A note that stays until dismissed'))
    expect(screen.queryByText('Please login first')).not.toBeInTheDocument()
  })

  it('adds a film once, then lists it, opens it and removes it', async () => {
    signIn()
    const movie = db.discover(1).results[0]
    if (!movie) throw new Error('empty catalog')
    const { user, router } = await renderRoute('/')
    const card = (await screen.findAllByRole('article'))[0]
    if (!card) throw new Error('no card')
    await user.click(within(card).getByRole('button', { name: 'Add to Favorites' }))
    expect(await toast(`Added "${movie.title}" to favorites!`)).toBeInTheDocument()
    await user.click(within(card).getByRole('button', { name: 'Add to Favorites' }))
    expect(await toast(`"${movie.title}" is already in favorites.`)).toBeInTheDocument()

    await router.navigate({ to: '/favorites' })
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My Favorites' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: movie.title })).toHaveAttribute(
      'href',
      `/movie/${String(movie.id)}`,
    )
    await user.click(screen.getByRole('button', { name: 'Remove' }))
    expect(await toast('Removed from favorites')).toBeInTheDocument()
    expect(screen.getByText('No favorite movies yet.')).toBeInTheDocument()
  })

  it('shows on the card that a film is a favorite, and removes it from there', async () => {
    signIn()
    const movie = db.discover(1).results[0]
    if (!movie) throw new Error('empty catalog')
    const { user } = await renderRoute('/')
    const card = (await screen.findAllByRole('article'))[0]
    if (!card) throw new Error('no card')
    const add = within(card).getByRole('button', { name: 'Add to Favorites' })
    expect(within(card).queryByText('In Favorites')).not.toBeInTheDocument()
    await user.click(add)
    expect(within(card).getByText('In Favorites')).toBeInTheDocument()
    expect(add).toHaveAccessibleDescription(`${movie.title} In Favorites`)

    await user.click(within(card).getByRole('button', { name: 'Remove from Favorites' }))
    expect(await toast('Removed from favorites')).toBeInTheDocument()
    expect(within(card).queryByText('In Favorites')).not.toBeInTheDocument()
    expect(add).toHaveAccessibleDescription(movie.title)
  })

  it('shows the empty message for a new user', async () => {
    signIn()
    await renderRoute('/favorites')
    expect(screen.getByText('No favorite movies yet.')).toBeInTheDocument()
    expect(document.title).toBe('My Favorites · CineList')
  })
})

describe('A long favorites list', () => {
  const seed = (count: number) => {
    const movies = db.movies.slice(0, count).map(({ id, title, poster_path, release_date }) => ({
      id,
      title,
      poster_path,
      release_date,
    }))
    localStorage.setItem('favorites:alice@example.com', JSON.stringify({ version: 1, movies }))
    signIn()
    return movies
  }
  const favoritesList = () => within(screen.getByRole('main')).getByRole('list')

  it('renders in batches of 24, all in one list, with a button for the rest', async () => {
    seed(100)
    const { user } = await renderRoute('/favorites')
    expect(within(favoritesList()).getAllByRole('listitem')).toHaveLength(24)
    expect(screen.getAllByRole('button', { name: 'Remove' })).toHaveLength(24)
    await user.click(screen.getByRole('button', { name: 'Show more favorites (76 more)' }))
    expect(within(favoritesList()).getAllByRole('listitem')).toHaveLength(48)
    for (let shown = 48; shown < 96; shown += 24) {
      await user.click(
        screen.getByRole('button', { name: `Show more favorites (${String(100 - shown)} more)` }),
      )
    }
    expect(screen.getAllByRole('button', { name: 'Remove' })).toHaveLength(96)
    await user.click(screen.getByRole('button', { name: 'Show more favorites (4 more)' }))
    expect(within(favoritesList()).getAllByRole('listitem')).toHaveLength(100)
    expect(screen.getAllByRole('button', { name: 'Remove' })).toHaveLength(100)
    expect(screen.queryByRole('button', { name: /Show more/ })).not.toBeInTheDocument()
  })

  it('removes a card from the middle of a long list and keeps the rest in order', async () => {
    const movies = seed(100)
    const { user } = await renderRoute('/favorites')
    for (let more = 76; more > 0; more -= 24) {
      await user.click(
        screen.getByRole('button', { name: `Show more favorites (${String(more)} more)` }),
      )
    }
    const titles = () =>
      within(favoritesList())
        .getAllByRole('heading', { level: 2 })
        .map((heading) => heading.textContent)
    expect(titles()).toEqual(movies.map((movie) => movie.title))
    const [, second] = within(favoritesList()).getAllByRole('listitem')
    if (!second) throw new Error('no second card')
    await user.click(within(second).getByRole('button', { name: 'Remove' }))
    expect(await toast('Removed from favorites')).toBeInTheDocument()
    expect(titles()).toEqual(movies.filter((_, index) => index !== 1).map((movie) => movie.title))
  })

  it('gives each card one link, holding the poster and the title, and a Remove for it', async () => {
    const [first] = seed(30)
    if (!first) throw new Error('empty catalog')
    await renderRoute('/favorites')
    const [card] = within(favoritesList()).getAllByRole('listitem')
    if (!card) throw new Error('no card')
    const [link, ...others] = within(card).getAllByRole('link')
    if (!link) throw new Error('no link')
    expect(others).toEqual([])
    expect(link).toHaveAccessibleName(first.title)
    expect(link).toHaveAttribute('href', `/movie/${String(first.id)}`)
    expect(within(link).getByRole('heading', { level: 2, name: first.title })).toBeVisible()
    // The poster is inside the link, so clicking it opens the detail too; the title names it.
    expect(link.querySelector('img')).toHaveAttribute(
      'src',
      `https://image.tmdb.org/t/p/w300${first.poster_path}`,
    )
    expect(within(card).getByRole('button', { name: 'Remove' })).toHaveAccessibleDescription(
      first.title,
    )
  })
})
