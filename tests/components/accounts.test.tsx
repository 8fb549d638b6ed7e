import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { registerUser } from '@/features/auth/accounts'
import { syncSessionAcrossTabs, useSessionStore } from '@/lib/session/session-store'
import { fillAndPress } from '../forms'
import { hydrateRoute, renderRoute } from '../render-route'

const toast = (text: string) => screen.findByText(text)

async function registered(email = 'alice@example.com') {
  await registerUser({ name: 'Alice', email, password: 'Secret1!' })
}

describe('Register', () => {
  it('validates each field live and explains each rule', async () => {
    const { user } = await renderRoute('/register')
    const name = screen.getByLabelText('Name')
    await user.type(name, 'al')
    expect(screen.getByText('Start with capital letter & 3–12 letters only')).toBeInTheDocument()
    expect(name).toHaveAttribute('aria-invalid', 'true')
    expect(name).toHaveAccessibleDescription('Start with capital letter & 3–12 letters only')
    await user.clear(name)
    expect(screen.getByText('Name is required')).toBeInTheDocument()
    await user.type(name, 'Alice')
    expect(name).not.toHaveAttribute('aria-invalid')

    await user.type(screen.getByLabelText('Email'), 'alice')
    expect(screen.getByText('Invalid email format')).toBeInTheDocument()
    await user.type(screen.getByLabelText('Password'), 'abc')
    expect(
      screen.getByText('Must include uppercase, lowercase, number & symbol'),
    ).toBeInTheDocument()
  })

  it('toggles the password between hidden and shown', async () => {
    const { user } = await renderRoute('/register')
    const password = screen.getByLabelText('Password')
    expect(password).toHaveAttribute('type', 'password')
    await user.click(screen.getByRole('button', { name: 'Show password' }))
    expect(password).toHaveAttribute('type', 'text')
    await user.click(screen.getByRole('button', { name: 'Hide password' }))
    expect(password).toHaveAttribute('type', 'password')
  })

  it('refuses to submit with errors or empty fields', async () => {
    const { user, router } = await renderRoute('/register')
    await user.click(screen.getByRole('button', { name: 'Register' }))
    expect(await toast('Please fix the errors')).toBeInTheDocument()
    expect(screen.getByText('Email is required')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/register')
  })

  it('refuses an e-mail already registered', async () => {
    await registered()
    const { user } = await renderRoute('/register')
    await fillAndPress(
      user,
      { Name: 'Alicia', Email: 'ALICE@example.com', Password: 'Secret9!' },
      'Register',
    )
    expect(await toast('Email already registered')).toBeInTheDocument()
  })

  it('registers and goes to the login page', async () => {
    const { user, router } = await renderRoute('/register')
    await fillAndPress(
      user,
      { Name: 'Alice', Email: 'alice@example.com', Password: 'Secret1!' },
      'Register',
    )
    expect(await toast('Registered successfully')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
    expect(localStorage.getItem('users')).not.toContain('Secret1!')
  })
})

describe('Login', () => {
  it('requires both fields', async () => {
    const { user } = await renderRoute('/login')
    await fillAndPress(user, { Email: 'alice@example.com' }, 'Login')
    expect(await toast('All fields are required')).toBeInTheDocument()
  })

  it('rejects a wrong password', async () => {
    await registered()
    const { user } = await renderRoute('/login')
    await fillAndPress(user, { Email: 'alice@example.com', Password: 'Wrong1!!' }, 'Login')
    expect(await toast('Incorrect email or password')).toBeInTheDocument()
    expect(localStorage.getItem('currentUser')).toBeNull()
  })

  it('signs in, stores exactly {name, email} as currentUser and welcomes the user home', async () => {
    await registered()
    const { user, router } = await renderRoute('/login')
    await fillAndPress(user, { Email: 'alice@example.com', Password: 'Secret1!' }, 'Login')
    expect(await toast('Login successful')).toBeInTheDocument()
    expect(await screen.findByText('Welcome, Alice!')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/')
    expect(JSON.parse(localStorage.getItem('currentUser') ?? '')).toEqual({
      name: 'Alice',
      email: 'alice@example.com',
    })
  })

  it('keeps what was typed, or filled in, before the page hydrated, and signs in with it', async () => {
    await registered()
    const { user, router, recoverable } = await hydrateRoute('/login', (page) => {
      const [email, password] = page.querySelectorAll<HTMLInputElement>('form input')
      if (!email || !password) throw new Error('the page has no login form')
      email.value = 'alice@example.com'
      password.value = 'Secret1!'
      password.focus()
    })
    const login = screen.getByRole('button', { name: 'Login' })
    await waitFor(() => {
      expect(login).toBeEnabled()
    })
    expect(screen.getByLabelText('Email')).toHaveValue('alice@example.com')
    expect(screen.getByLabelText('Password')).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(await toast('Login successful')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/')
    expect(recoverable).toEqual([])
  })

  it('welcomes by e-mail when no name is stored', async () => {
    localStorage.setItem('currentUser', JSON.stringify({ name: '', email: 'anon@example.com' }))
    await useSessionStore.persist.rehydrate()
    await renderRoute('/')
    expect(screen.getByText('Welcome, anon@example.com!')).toBeInTheDocument()
  })
})

describe('Guards', () => {
  it('sends a visitor from /favorites to /login with a toast, and back after login', async () => {
    await registered()
    const { user, router } = await renderRoute('/favorites')
    expect(router.state.location.pathname).toBe('/login')
    expect(router.state.location.search).toEqual({ redirect: '/favorites' })
    expect(await toast('You must be logged in to access this page')).toBeInTheDocument()

    await fillAndPress(user, { Email: 'alice@example.com', Password: 'Secret1!' }, 'Login')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My Favorites' }),
    ).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/favorites')
  })

  it.each([
    'https://evil.example/',
    '//evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
    '%2F%2Fevil.example',
  ])('ignores an off-site redirect %j', async (target) => {
    const { router } = await renderRoute(`/login?redirect=${encodeURIComponent(target)}`)
    const login = router.state.matches.find((match) => match.routeId === '/login')
    expect(login?.search).toEqual({})
  })

  it('goes home, not off-site, after a login with a hostile redirect', async () => {
    await registered()
    const { user, router } = await renderRoute(
      `/login?redirect=${encodeURIComponent('https://evil.example/')}`,
    )
    await fillAndPress(user, { Email: 'alice@example.com', Password: 'Secret1!' }, 'Login')
    expect(await screen.findByText('Welcome, Alice!')).toBeInTheDocument()
    expect(router.state.location.href).toBe('/')
  })

  it.each(['/login', '/register'])('sends a signed-in user from %s home', async (path) => {
    useSessionStore.getState().signIn({ name: 'Alice', email: 'alice@example.com' })
    const { router } = await renderRoute(path)
    expect(router.state.location.pathname).toBe('/')
  })
})

describe('Session across tabs', () => {
  it('shows a sign-out made in another tab', async () => {
    useSessionStore.getState().signIn({ name: 'Alice', email: 'alice@example.com' })
    const stop = syncSessionAcrossTabs()
    await renderRoute('/')
    const nav = screen.getByRole('navigation', { name: 'Main' })
    expect(within(nav).getByRole('button', { name: 'Logout' })).toBeInTheDocument()
    localStorage.removeItem('currentUser')
    window.dispatchEvent(new StorageEvent('storage', { key: 'currentUser' }))
    expect(await within(nav).findByRole('link', { name: 'Login' })).toBeInTheDocument()
    stop()
  })
})
