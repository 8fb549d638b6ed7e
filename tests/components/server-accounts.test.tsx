import { act, screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { accountsMode } from '@/config/accounts-mode'
import { logInAccount } from '@/features/auth/api/log-in'
import { checkServerSession, watchServerSession } from '@/features/auth/server-session'
import { ACCOUNT_ERRORS, MAX_FAILED_LOGINS } from '@/mocks/accounts'
import { accountServer, server } from '@/mocks/server'
import { fillAndPress } from '../forms'
import { findToast as toast, mainNav, storedUser, UNREACHABLE } from '../queries'
import { renderRoute } from '../render-route'
import { ANN, sent, signedInOnServer, watchHashing, withServerAccounts } from '../server-accounts'

type User = Awaited<ReturnType<typeof renderRoute>>['user']

const register = (user: User, email: string = ANN.email) =>
  fillAndPress(user, { Name: ANN.name, Email: email, Password: ANN.password }, 'Register')

withServerAccounts()

it('reads the mode from the page', () => {
  expect(accountsMode()).toBe('server')
})

describe('Register, with accounts on the server', () => {
  it('shows the server’s own message when it stops sign-ups from an address (429)', async () => {
    const tooMany = 'Too many sign-ups from this address. Try again in 42 minutes.'
    server.use(
      http.post('/api/account/register', () =>
        HttpResponse.json(
          { error: tooMany, retryAfter: 2500 },
          { status: 429, headers: { 'Retry-After': '2500' } },
        ),
      ),
    )
    const { user, router } = await renderRoute('/register')
    await register(user)
    expect(await toast(tooMany)).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/register')
    expect(screen.getByLabelText('Email')).toHaveValue(ANN.email)
  })

  it('creates the account there, with nothing stored or hashed in the browser', async () => {
    const hashing = watchHashing()
    const { user, router } = await renderRoute('/register')
    await register(user, ` ${ANN.email} `)
    expect(await toast('Registered successfully')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
    expect(accountServer.account(ANN.email)).toEqual(ANN)
    expect(accountServer.requests).toEqual([sent('POST', '/api/account/register', ANN)])
    expect(localStorage.getItem('users')).toBeNull()
    expect(localStorage.getItem('currentUser')).toBeNull()
    expect(hashing).not.toHaveBeenCalled()
  })

  it('keeps the live validation, and sends nothing until the form is valid', async () => {
    const { user } = await renderRoute('/register')
    await fillAndPress(user, { Name: 'ann', Email: 'ann@', Password: 'weak' }, 'Register')
    expect(await toast('Please fix the errors')).toBeInTheDocument()
    expect(screen.getByText('Start with capital letter & 3–12 letters only')).toBeInTheDocument()
    expect(screen.getByText('Invalid email format')).toBeInTheDocument()
    expect(screen.getByText('Must include uppercase, lowercase, number & symbol')).toBeVisible()
    expect(accountServer.requests).toEqual([])
  })

  it('says when the e-mail is taken (409)', async () => {
    accountServer.addAccount({ ...ANN, name: 'Annie' })
    const { user, router } = await renderRoute('/register')
    await register(user, 'ANN@example.com')
    expect(await toast('Email already registered')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/register')
    expect(accountServer.account(ANN.email)?.name).toBe('Annie')
  })

  it('shows the server’s own reason for refusing the form (400)', async () => {
    server.use(
      http.post('/api/account/register', () =>
        HttpResponse.json({ error: 'That password is too common' }, { status: 400 }),
      ),
    )
    const { user, router } = await renderRoute('/register')
    await register(user)
    expect(await toast('That password is too common')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/register')
  })

  it.each([
    ['fails', () => new HttpResponse(null, { status: 503 })],
    ['cannot be reached', () => HttpResponse.error()],
  ])('says so when the server %s, and stays on the form', async (_, reply) => {
    server.use(http.post('/api/account/register', reply))
    const { user, router } = await renderRoute('/register')
    await register(user)
    expect(await toast(UNREACHABLE)).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/register')
    expect(screen.getByRole('button', { name: 'Register' })).toBeEnabled()
  })
})

describe('Login, with accounts on the server', () => {
  it('stores exactly the { name, email } the server answers, and hashes nothing', async () => {
    accountServer.addAccount(ANN)
    const hashing = watchHashing()
    const { user, router } = await renderRoute('/login')
    await fillAndPress(user, { Email: 'Ann@Example.com', Password: ANN.password }, 'Login')
    expect(await toast('Login successful')).toBeInTheDocument()
    expect(await screen.findByText('Welcome, Ann!')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/')
    expect(storedUser()).toEqual({ name: ANN.name, email: ANN.email })
    expect(accountServer.sessionCount(ANN.email)).toBe(1)
    expect(hashing).not.toHaveBeenCalled()
    expect(localStorage.getItem('users')).toBeNull()
    expect(Object.values(localStorage).join()).not.toContain(ANN.password)
    expect(accountServer.requests[0]).toMatchObject({
      path: '/api/account/login',
      contentType: 'application/json',
      credentials: 'same-origin',
      body: { email: 'Ann@Example.com', password: ANN.password },
    })
  })

  it('refuses a wrong password (401) with the spec’s message', async () => {
    accountServer.addAccount(ANN)
    const { user } = await renderRoute('/login')
    await fillAndPress(user, { Email: ANN.email, Password: 'Wrong-pass1' }, 'Login')
    expect(await toast('Incorrect email or password')).toBeInTheDocument()
    expect(localStorage.getItem('currentUser')).toBeNull()
    expect(mainNav().getByRole('link', { name: 'Login' })).toBeInTheDocument()
  })

  it('shows the server’s own message when it stops sign-in attempts (429)', async () => {
    accountServer.addAccount(ANN)
    for (let attempt = 0; attempt < MAX_FAILED_LOGINS; attempt++) {
      expect(await logInAccount(ANN.email, 'Wrong-pass1')).toBeNull()
    }
    const { user, router } = await renderRoute('/login')
    await fillAndPress(user, { Email: ANN.email, Password: ANN.password }, 'Login')
    expect(await toast(ACCOUNT_ERRORS.tooManyAttempts)).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
    expect(localStorage.getItem('currentUser')).toBeNull()
  })

  it('returns to the guarded page that sent the visitor', async () => {
    accountServer.addAccount(ANN)
    const { user, router } = await renderRoute('/favorites')
    expect(await toast('You must be logged in to access this page')).toBeInTheDocument()
    await fillAndPress(user, { Email: ANN.email, Password: ANN.password }, 'Login')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My Favorites' }),
    ).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/favorites')
  })

  it('changes nothing when the server fails', async () => {
    accountServer.addAccount(ANN)
    server.use(http.post('/api/account/login', () => new HttpResponse(null, { status: 500 })))
    const { user, router } = await renderRoute('/login')
    await fillAndPress(user, { Email: ANN.email, Password: ANN.password }, 'Login')
    expect(await toast(UNREACHABLE)).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
    expect(localStorage.getItem('currentUser')).toBeNull()
  })

  it('sends a signed-in user from the login page home, as in local mode', async () => {
    await signedInOnServer()
    const { router } = await renderRoute('/login')
    expect(router.state.location.pathname).toBe('/')
    expect(accountServer.requests).toEqual([])
  })
})

describe('Logout, with accounts on the server', () => {
  it('ends the session on the server, then here, and goes to the login page', async () => {
    await signedInOnServer()
    const { user, router } = await renderRoute('/')
    await user.click(mainNav().getByRole('button', { name: 'Logout' }))
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login')
    })
    expect(localStorage.getItem('currentUser')).toBeNull()
    expect(mainNav().getByRole('link', { name: 'Login' })).toBeInTheDocument()
    expect(accountServer.sessionCount(ANN.email)).toBe(0)
    expect(accountServer.requests).toEqual([sent('POST', '/api/account/logout', {})])
  })

  it('signs out here all the same when offline', async () => {
    await signedInOnServer()
    server.use(http.post('/api/account/logout', () => HttpResponse.error()))
    const { user, router } = await renderRoute('/')
    await user.click(mainNav().getByRole('button', { name: 'Logout' }))
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login')
    })
    expect(localStorage.getItem('currentUser')).toBeNull()
  })

  it('stays signed in, and says so, when the server fails', async () => {
    await signedInOnServer()
    server.use(http.post('/api/account/logout', () => new HttpResponse(null, { status: 502 })))
    const { user, router } = await renderRoute('/')
    await user.click(mainNav().getByRole('button', { name: 'Logout' }))
    expect(await toast(UNREACHABLE)).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/')
    expect(storedUser()).toEqual({ name: ANN.name, email: ANN.email })
    expect(accountServer.sessionCount(ANN.email)).toBe(1)
  })
})

describe('The session check, with accounts on the server', () => {
  it('asks nothing when nobody is signed in', async () => {
    await checkServerSession()
    expect(accountServer.requests).toEqual([])
  })

  it('signs the browser out when the server has ended the session (401)', async () => {
    await signedInOnServer()
    const { router } = await renderRoute('/favorites')
    accountServer.endSessions(ANN.email)
    await act(() => checkServerSession())
    expect(await toast('Your session has ended. Please log in again.')).toBeInTheDocument()
    expect(localStorage.getItem('currentUser')).toBeNull()
    expect(mainNav().getByRole('link', { name: 'Login' })).toBeInTheDocument()
    // The guard applies at the next navigation.
    await router.navigate({ to: '/watchlist' })
    expect(router.state.location.pathname).toBe('/login')
    expect(accountServer.requests).toEqual([
      expect.objectContaining({ method: 'GET', path: '/api/account', credentials: 'same-origin' }),
    ])
  })

  it('shows a name changed elsewhere', async () => {
    await signedInOnServer()
    await renderRoute('/')
    accountServer.addAccount({ ...ANN, name: 'Annabel' })
    await act(() => checkServerSession())
    expect(await screen.findByText('Welcome, Annabel!')).toBeInTheDocument()
    expect(storedUser()).toEqual({ name: 'Annabel', email: ANN.email })
  })

  it.each([
    ['offline', () => HttpResponse.error()],
    ['failing', () => new HttpResponse(null, { status: 500 })],
  ])('keeps the stored user while the server is %s', async (_, reply) => {
    await signedInOnServer()
    server.use(http.get('/api/account', reply))
    await checkServerSession()
    expect(storedUser()).toEqual({ name: ANN.name, email: ANN.email })
  })

  it('checks at once, then each time the tab is focused or shown again', async () => {
    await signedInOnServer()
    const stop = watchServerSession()
    await waitFor(() => {
      expect(accountServer.requests).toHaveLength(1)
    })
    accountServer.endSessions(ANN.email)
    window.dispatchEvent(new Event('focus'))
    await waitFor(() => {
      expect(localStorage.getItem('currentUser')).toBeNull()
    })
    expect(accountServer.requests).toHaveLength(2)

    await signedInOnServer()
    document.dispatchEvent(new Event('visibilitychange'))
    await waitFor(() => {
      expect(accountServer.requests).toHaveLength(1)
    })
    stop()
    window.dispatchEvent(new Event('focus'))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(accountServer.requests).toHaveLength(1)
  })
})
