import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { RatingControl } from '@/features/ratings/rating-control'
import { ratingsKey, readRatings } from '@/lib/film-log/ratings-store'
import { useSessionStore } from '@/lib/session/session-store'

const EMAIL = 'alice@example.com'

beforeEach(() => {
  useSessionStore.getState().signIn({ name: 'Alice', email: EMAIL })
})
afterEach(() => {
  useSessionStore.getState().signOut()
  localStorage.clear()
  vi.restoreAllMocks()
})

function renderRating() {
  const user = userEvent.setup()
  render(
    <>
      <h2 id="title">The Matrix</h2>
      <RatingControl movieId={603} describedBy="title" />
    </>,
  )
  return user
}

describe('a film’s rating', () => {
  it('is a group of ten radios, ½ star to 5 stars, described by the film', () => {
    renderRating()
    const group = screen.getByRole('group', { name: 'Your rating' })
    expect(group).toHaveAccessibleDescription('The Matrix')
    const names = ['½ star', '1 star', '1½ stars', '2 stars', '2½ stars', '3 stars', '3½ stars']
    for (const name of [...names, '4 stars', '4½ stars', '5 stars'])
      expect(screen.getByRole('radio', { name })).not.toBeChecked()
    expect(screen.getAllByRole('radio')).toHaveLength(10)
  })

  it('is chosen by a click and moved by the arrow keys, saved and announced at each step', async () => {
    const user = renderRating()
    await user.click(screen.getByRole('radio', { name: '4 stars' }))
    expect(screen.getByRole('radio', { name: '4 stars' })).toBeChecked()
    expect(screen.getByRole('status')).toHaveTextContent('Your rating: 4 stars')
    expect(readRatings(EMAIL)).toMatchObject([{ id: 603, value: 8 }])

    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('radio', { name: '4½ stars' })).toBeChecked()
    expect(screen.getByRole('radio', { name: '4½ stars' })).toHaveFocus()
    expect(screen.getByRole('status')).toHaveTextContent('Your rating: 4½ stars')
    expect(readRatings(EMAIL)).toMatchObject([{ id: 603, value: 9 }])
  })

  it('is cleared by "Clear rating", which stays where focus is', async () => {
    const user = renderRating()
    const clear = screen.getByRole('button', { name: 'Clear rating' })
    expect(clear).toHaveAttribute('aria-disabled', 'true')
    await user.click(screen.getByRole('radio', { name: '½ star' }))
    expect(clear).not.toHaveAttribute('aria-disabled')
    await user.click(clear)
    expect(screen.getByRole('status')).toHaveTextContent('Rating cleared')
    expect(screen.getAllByRole('radio').some((radio) => (radio as HTMLInputElement).checked)).toBe(
      false,
    )
    expect(clear).toHaveFocus()
    expect(readRatings(EMAIL)).toEqual([])
  })

  it('sets a corrupt stored value aside, and a rating off the scale is not read', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    localStorage.setItem(
      ratingsKey(EMAIL),
      JSON.stringify({ version: 1, ratings: [{ id: 603, value: 11, ratedAt: 'x' }] }),
    )
    renderRating()
    expect(screen.getAllByRole('radio').some((radio) => (radio as HTMLInputElement).checked)).toBe(
      false,
    )
    expect(Object.keys(localStorage).some((key) => key.startsWith('backup:'))).toBe(true)
  })
})
