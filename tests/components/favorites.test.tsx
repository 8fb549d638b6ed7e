import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useSessionStore } from '@/features/auth/session-store'
import { db } from '@/mocks/server'
import { renderRoute } from '../render-route'

const toast = (text: string) => screen.findByText(text, {}, { timeout: 3000 })
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

  it('shows the empty message for a new user', async () => {
    signIn()
    await renderRoute('/favorites')
    expect(screen.getByText('No favorite movies yet.')).toBeInTheDocument()
    expect(document.title).toBe('My Favorites · CineList')
  })
})
