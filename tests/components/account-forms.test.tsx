import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { registerUser } from '@/features/auth/accounts'
import { fillAndPress } from '../forms'
import { renderRoute } from '../render-route'

/** Behaviour §5's messages for the register form, field by field. */
const MESSAGES = {
  Name: ['Name is required', 'Start with capital letter & 3–12 letters only'],
  Email: ['Email is required', 'Invalid email format'],
  Password: ['Password is required', 'Must include uppercase, lowercase, number & symbol'],
} as const

const shown = (messages: readonly string[]) =>
  messages.filter((message) => screen.queryByText(message) !== null)

describe('Register, field by field', () => {
  it('shows one message per field at a time, live, and none once the value is valid', async () => {
    const { user } = await renderRoute('/register')
    expect(shown(Object.values(MESSAGES).flat())).toEqual([])
    const cases: [keyof typeof MESSAGES, string, string | null][] = [
      ['Name', 'j', 'Start with capital letter & 3–12 letters only'],
      ['Name', '', 'Name is required'],
      ['Name', 'Ann Lee', 'Start with capital letter & 3–12 letters only'],
      ['Name', 'Abcdefghijkl', null],
      ['Email', 'a', 'Invalid email format'],
      ['Email', '', 'Email is required'],
      ['Email', 'ann example@x.io', 'Invalid email format'],
      ['Email', 'ann@example.com', null],
      ['Password', 'a', 'Must include uppercase, lowercase, number & symbol'],
      ['Password', '', 'Password is required'],
      ['Password', 'Abcdef12', 'Must include uppercase, lowercase, number & symbol'],
      ['Password', 'Abcd1!', null],
    ]
    for (const [label, value, message] of cases) {
      const input = screen.getByLabelText(label)
      await user.clear(input)
      if (value) await user.type(input, value)
      expect(shown(MESSAGES[label]), `${label} "${value}"`).toEqual(message ? [message] : [])
    }
    // The fields are independent: the last valid password leaves the others valid too.
    expect(shown(Object.values(MESSAGES).flat())).toEqual([])
  })

  it('refuses a form with an invalid value: “Please fix the errors”, and nothing is stored', async () => {
    const { user, router } = await renderRoute('/register')
    await fillAndPress(
      user,
      { Name: 'Ann', Email: 'ann@example.com', Password: 'weak' },
      'Register',
    )
    expect(await screen.findByText('Please fix the errors')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/register')
    expect(localStorage.getItem('users')).toBeNull()
  })

  it('refuses an e-mail registered in another letter case, and keeps the users as they were', async () => {
    await registerUser({ name: 'Ann', email: 'ann@example.com', password: 'Sunny-day7' })
    const before = localStorage.getItem('users')
    const { user, router } = await renderRoute('/register')
    await fillAndPress(
      user,
      { Name: 'Annie', Email: 'ANN@Example.COM', Password: 'Other-pass9' },
      'Register',
    )
    expect(await screen.findByText('Email already registered')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/register')
    expect(localStorage.getItem('users')).toBe(before)
  })
})

describe('Login, field by field', () => {
  it('toggles the password between hidden and shown', async () => {
    const { user } = await renderRoute('/login')
    const password = screen.getByLabelText('Password')
    await user.type(password, 'Secret1!')
    expect(password).toHaveAttribute('type', 'password')
    await user.click(screen.getByRole('button', { name: 'Show password' }))
    expect(password).toHaveAttribute('type', 'text')
    expect(password).toHaveValue('Secret1!')
    await user.click(screen.getByRole('button', { name: 'Hide password' }))
    expect(password).toHaveAttribute('type', 'password')
  })

  it('asks for both fields, whichever is missing, and signs nobody in', async () => {
    const { user, router } = await renderRoute('/login')
    const login = screen.getByRole('button', { name: 'Login' })
    const toasts = () => screen.queryAllByText('All fields are required').length
    await user.click(login)
    await waitFor(() => {
      expect(toasts()).toBe(1)
    })
    await user.type(screen.getByLabelText('Email'), 'ann@example.com')
    await user.click(login)
    await waitFor(() => {
      expect(toasts()).toBe(2)
    })
    await user.clear(screen.getByLabelText('Email'))
    await user.type(screen.getByLabelText('Password'), 'Sunny-day7')
    await user.click(login)
    await waitFor(() => {
      expect(toasts()).toBe(3)
    })
    expect(router.state.location.pathname).toBe('/login')
    expect(localStorage.getItem('currentUser')).toBeNull()
  })

  it('marks each empty field besides the toast, until it is filled', async () => {
    const { user } = await renderRoute('/login')
    const email = screen.getByLabelText('Email')
    const password = screen.getByLabelText('Password')
    await user.click(screen.getByRole('button', { name: 'Login' }))
    expect(email).toHaveAttribute('aria-invalid', 'true')
    expect(email).toHaveAccessibleDescription('Email is required')
    expect(password).toHaveAttribute('aria-invalid', 'true')
    expect(password).toHaveAccessibleDescription('Password is required')

    await user.type(email, 'ann@example.com')
    expect(email).not.toHaveAttribute('aria-invalid')
    expect(email).toHaveAccessibleDescription('')
    expect(password).toHaveAttribute('aria-invalid', 'true')
  })

  it('refuses an e-mail nobody registered, and the bar still offers Login', async () => {
    await registerUser({ name: 'Ann', email: 'ann@example.com', password: 'Sunny-day7' })
    const { user } = await renderRoute('/login')
    await fillAndPress(user, { Email: 'nobody@example.com', Password: 'Sunny-day7' }, 'Login')
    expect(await screen.findByText('Incorrect email or password')).toBeInTheDocument()
    expect(localStorage.getItem('currentUser')).toBeNull()
    const nav = within(screen.getByRole('navigation', { name: 'Main' }))
    expect(nav.getByRole('link', { name: 'Login' })).toBeInTheDocument()
  })
})
