import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useSessionStore } from '@/lib/session/session-store'
import { db } from '@/mocks/server'
import { mergedSearch } from '../expected'
import { linkTexts } from '../queries'
import { renderRoute } from '../render-route'

const signIn = () => {
  useSessionStore.getState().signIn({ name: 'Alice', email: 'alice@example.com' })
}
const seedSeen = (movies: { id: number; title: string }[]) => {
  localStorage.setItem(
    'seen:alice@example.com',
    JSON.stringify({ version: 1, movies: movies.map(({ id, title }) => ({ id, title })) }),
  )
}
const cardTitles = () =>
  within(screen.getByRole('region', { name: 'Popular Movies' }))
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent)

describe('Hide seen', () => {
  it('is not offered to a visitor', async () => {
    await renderRoute('/')
    await screen.findAllByRole('article')
    expect(screen.queryByRole('checkbox', { name: 'Hide seen' })).not.toBeInTheDocument()
  })

  it('on Home, leaves the seen movies out of the grid, and is remembered per user', async () => {
    signIn()
    const popular = db.discover(1).results
    const [first, , third] = popular
    if (!first || !third) throw new Error('short page')
    seedSeen([first, third])
    const { user, unmount } = await renderRoute('/')
    await screen.findAllByRole('article')
    expect(cardTitles()).toHaveLength(popular.length)

    const hide = screen.getByRole('checkbox', { name: 'Hide seen' })
    expect(hide).not.toBeChecked()
    await user.click(hide)
    expect(hide).toBeChecked()
    expect(cardTitles()).toEqual(
      popular.filter((movie) => movie !== first && movie !== third).map((movie) => movie.title),
    )
    // Pagination is TMDB's, unchanged.
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toBeInTheDocument()
    expect(localStorage.getItem('hide-seen:alice@example.com')).toBe(
      JSON.stringify({ version: 1, hideSeen: true }),
    )

    unmount()
    useSessionStore.getState().signIn({ name: 'Bob', email: 'bob@example.com' })
    await renderRoute('/')
    await screen.findAllByRole('article')
    expect(screen.getByRole('checkbox', { name: 'Hide seen' })).not.toBeChecked()
  })

  it('on Search, shows the first 10 unseen of the merged pages', async () => {
    signIn()
    const merged = mergedSearch(db, 'the').movies
    expect(merged.length).toBeGreaterThan(15)
    const seen = merged.slice(0, 5)
    seedSeen(seen)
    localStorage.setItem(
      'hide-seen:alice@example.com',
      JSON.stringify({ version: 1, hideSeen: true }),
    )
    await renderRoute('/search?q=the')
    expect(screen.getByRole('checkbox', { name: 'Hide seen' })).toBeChecked()
    const results = await screen.findByRole('list', { name: /Results for/ })
    await waitFor(() => {
      expect(results).toHaveAttribute('aria-busy', 'false')
    })
    expect(linkTexts(results)).toEqual(merged.slice(5, 15).map((movie) => movie.title))
  })
})

describe('The list toggles', () => {
  it('are one Tab stop, with the arrow keys between them', async () => {
    signIn()
    const { user } = await renderRoute('/')
    const [card] = await screen.findAllByRole('article')
    if (!card) throw new Error('no card')
    within(card).getByRole('button', { name: 'Add to Favorites' }).focus()
    await user.tab()
    const toolbar = within(card).getByRole('toolbar')
    expect(within(toolbar).getByRole('button', { name: 'Add to Watchlist' })).toHaveFocus()
    await user.keyboard('{ArrowRight}')
    expect(within(toolbar).getByRole('button', { name: 'Mark as seen' })).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(within(toolbar).getByRole('button', { name: 'Seen' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await user.tab()
    expect(toolbar).not.toContainElement(document.activeElement as HTMLElement)
    await user.tab({ shift: true })
    expect(within(toolbar).getByRole('button', { name: 'Seen' })).toHaveFocus()
  })
})
