import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useSessionStore } from '@/lib/session/session-store'
import { renderRoute } from '../render-route'

const mainNav = () => screen.getByRole('navigation', { name: 'Main' })

describe('Navigation bar', () => {
  it('links the brand, Home, Search and Favorites, and marks the active link', async () => {
    const { user } = await renderRoute('/search')
    expect(screen.getByRole('link', { name: 'CineList' })).toHaveAttribute('href', '/')
    const nav = within(mainNav())
    expect(nav.getByRole('link', { name: 'Search' })).toHaveAttribute('aria-current', 'page')
    expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current')
    expect(nav.getByRole('link', { name: 'Favorites' })).toHaveAttribute('href', '/favorites')

    await user.click(nav.getByRole('link', { name: 'Home' }))
    expect(await nav.findByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page')
    expect(nav.getByRole('link', { name: 'Search' })).not.toHaveAttribute('aria-current')
  })

  it('shows Login when signed out and a Logout button when signed in', async () => {
    const { user, router } = await renderRoute('/')
    expect(within(mainNav()).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login')

    useSessionStore.getState().signIn({ name: 'Alice', email: 'alice@example.com' })
    const logout = await within(mainNav()).findByRole('button', { name: 'Logout' })
    expect(within(mainNav()).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument()

    await user.click(logout)
    expect(await within(mainNav()).findByRole('link', { name: 'Login' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
    expect(localStorage.getItem('currentUser')).toBeNull()
  })

  it('opens and closes the small-screen menu, which closes when a link is chosen', async () => {
    const { user, router } = await renderRoute('/')
    const toggle = screen.getByRole('button', { name: 'Open menu' })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    expect(toggle).toHaveAccessibleName('Close menu')

    const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '')
    if (!menu) throw new Error('the menu button controls nothing')
    await user.click(within(menu).getByRole('link', { name: 'Search' }))
    expect(router.state.location.pathname).toBe('/search')
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(menu).not.toBeVisible()
  })
})

describe('Not found page', () => {
  it('shows the not-found text with a Go Home link for any unknown path', async () => {
    const { user, router } = await renderRoute('/no/such/page')
    expect(
      await screen.findByText('The page you’re looking for doesn’t seem to exist.'),
    ).toBeInTheDocument()
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
    expect(document.title).toBe('Page not found · CineList')
    await user.click(screen.getByRole('link', { name: 'Go Home' }))
    expect(router.state.location.pathname).toBe('/')
  })
})
