import { act, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { checkServerSession } from '@/features/auth/server-session'
import { hideSeenKey, setHideSeen } from '@/features/lists/hide-seen'
import { favorites } from '@/lib/movie-lists/favorites-store'
import { seenList, watchlist } from '@/lib/movie-lists/list-store'
import { accountServer, db, server } from '@/mocks/server'
import { captureDownloads } from '../downloads'
import { fillAndPress } from '../forms'
import { findToast as toast, mainNav, storedUser, UNREACHABLE } from '../queries'
import { renderRoute } from '../render-route'
import { ANN, sent, signedInOnServer, watchHashing, withServerAccounts } from '../server-accounts'

const section = (name: string) => within(screen.getByRole('region', { name }))

const movie = db.discover(1).results[0]
if (!movie) throw new Error('empty catalog')

withServerAccounts()

it('has a section, with its own heading and form, for each thing the server lets one do', async () => {
  await signedInOnServer()
  await renderRoute('/account')
  expect(screen.getByRole('heading', { level: 1, name: 'Account' })).toBeInTheDocument()
  expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
    'Change name',
    'Change password',
    'Export my data',
    'Sign out everywhere',
    'Delete account',
  ])
  expect(section('Change name').getByLabelText('Name')).toHaveValue(ANN.name)
  expect(section('Change password').getByLabelText('Current password')).toBeInTheDocument()
  expect(section('Delete account').getByLabelText('Password')).toHaveValue('')
  // The page asks nothing of the server until a form is sent.
  expect(accountServer.requests).toEqual([])
})

describe('Change name', () => {
  it('holds the name to the register form’s rule, live', async () => {
    await signedInOnServer()
    const { user } = await renderRoute('/account')
    const name = section('Change name').getByLabelText('Name')
    await user.clear(name)
    expect(name).toHaveAccessibleDescription('Name is required')
    await user.type(name, 'an')
    expect(name).toHaveAttribute('aria-invalid', 'true')
    expect(name).toHaveAccessibleDescription('Start with capital letter & 3–12 letters only')
    await user.click(screen.getByRole('button', { name: 'Save name' }))
    expect(await toast('Please fix the errors')).toBeInTheDocument()
    expect(accountServer.requests).toEqual([])
  })

  it('saves it on the server and shows it at once', async () => {
    await signedInOnServer()
    const { user, router } = await renderRoute('/account')
    const name = section('Change name').getByLabelText('Name')
    await user.clear(name)
    await user.type(name, 'Annabel')
    await user.click(screen.getByRole('button', { name: 'Save name' }))
    expect(await toast('Name saved')).toBeInTheDocument()
    expect(accountServer.account(ANN.email)?.name).toBe('Annabel')
    expect(storedUser()).toEqual({ name: 'Annabel', email: ANN.email })
    expect(accountServer.requests).toEqual([sent('PATCH', '/api/account', { name: 'Annabel' })])
    await router.navigate({ to: '/' })
    expect(await screen.findByText('Welcome, Annabel!')).toBeInTheDocument()
  })

  it('shows a name changed on another device once the server answers', async () => {
    await signedInOnServer()
    // Renamed elsewhere: this browser still holds the old name as the page opens.
    accountServer.addAccount({ ...ANN, name: 'Annabel' })
    await renderRoute('/account')
    const name = section('Change name').getByLabelText('Name')
    expect(name).toHaveValue(ANN.name)
    await act(() => checkServerSession())
    expect(storedUser()).toEqual({ name: 'Annabel', email: ANN.email })
    expect(name).toHaveValue('Annabel')
  })

  it('keeps a name being typed when the server answers with another', async () => {
    await signedInOnServer()
    accountServer.addAccount({ ...ANN, name: 'Annabel' })
    const { user } = await renderRoute('/account')
    const name = section('Change name').getByLabelText('Name')
    await user.clear(name)
    await user.type(name, 'Anna')
    await act(() => checkServerSession())
    expect(storedUser()).toEqual({ name: 'Annabel', email: ANN.email })
    expect(name).toHaveValue('Anna')
  })

  it('keeps the button disabled while the request runs', async () => {
    await signedInOnServer()
    let answer: () => void = () => undefined
    server.use(
      http.patch('/api/account', async () => {
        await new Promise<void>((resolve) => {
          answer = resolve
        })
        return HttpResponse.json({ name: 'Annabel', email: ANN.email })
      }),
    )
    const { user } = await renderRoute('/account')
    const button = screen.getByRole('button', { name: 'Save name' })
    await user.clear(section('Change name').getByLabelText('Name'))
    await user.type(section('Change name').getByLabelText('Name'), 'Annabel')
    await user.click(button)
    await waitFor(() => {
      expect(button).toBeDisabled()
    })
    answer()
    expect(await toast('Name saved')).toBeInTheDocument()
    expect(button).toBeEnabled()
  })

  it('changes nothing when the server fails', async () => {
    await signedInOnServer()
    server.use(http.patch('/api/account', () => new HttpResponse(null, { status: 500 })))
    const { user } = await renderRoute('/account')
    await user.clear(section('Change name').getByLabelText('Name'))
    await user.type(section('Change name').getByLabelText('Name'), 'Annabel')
    await user.click(screen.getByRole('button', { name: 'Save name' }))
    expect(await toast(UNREACHABLE)).toBeInTheDocument()
    expect(storedUser()).toEqual({ name: ANN.name, email: ANN.email })
  })

  it('signs out and leads to the login page when the session has ended (401)', async () => {
    await signedInOnServer()
    const { user, router } = await renderRoute('/account')
    accountServer.endSessions(ANN.email)
    await user.clear(section('Change name').getByLabelText('Name'))
    await user.type(section('Change name').getByLabelText('Name'), 'Annabel')
    await user.click(screen.getByRole('button', { name: 'Save name' }))
    expect(await toast('Your session has ended. Please log in again.')).toBeInTheDocument()
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login')
    })
    expect(router.state.location.search).toEqual({ redirect: '/account' })
    expect(localStorage.getItem('currentUser')).toBeNull()
    expect(accountServer.account(ANN.email)?.name).toBe(ANN.name)
  })
})

describe('Change password', () => {
  it('holds the new password to the register form’s rule, live', async () => {
    await signedInOnServer()
    const { user } = await renderRoute('/account')
    const newPassword = screen.getByLabelText('New password')
    await user.type(newPassword, 'abc')
    expect(newPassword).toHaveAccessibleDescription(
      'Must include uppercase, lowercase, number & symbol',
    )
    await user.click(screen.getByRole('button', { name: 'Change password' }))
    expect(await toast('Please fix the errors')).toBeInTheDocument()
    expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription(
      'Current password is required',
    )
    expect(accountServer.requests).toEqual([])
  })

  it('refuses a wrong current password (403)', async () => {
    await signedInOnServer()
    const { user } = await renderRoute('/account')
    await fillAndPress(
      user,
      { 'Current password': 'Wrong-pass1', 'New password': 'Rainy-day8' },
      'Change password',
    )
    expect(await toast('Incorrect password')).toBeInTheDocument()
    const current = screen.getByLabelText('Current password')
    expect(current).toHaveAttribute('aria-invalid', 'true')
    expect(current).toHaveAccessibleDescription('Incorrect password')
    expect(accountServer.account(ANN.email)?.password).toBe(ANN.password)
  })

  it('changes it, which ends the other sessions but not this one', async () => {
    await signedInOnServer()
    const elsewhere = accountServer.signInElsewhere(ANN.email)
    const hashing = watchHashing()
    const { user } = await renderRoute('/account')
    await fillAndPress(
      user,
      { 'Current password': ANN.password, 'New password': 'Rainy-day8' },
      'Change password',
    )
    expect(await toast('Password changed')).toBeInTheDocument()
    expect(accountServer.account(ANN.email)?.password).toBe('Rainy-day8')
    expect(accountServer.holds(elsewhere)).toBe(false)
    expect(accountServer.sessionCount(ANN.email)).toBe(1)
    expect(storedUser()).toEqual({ name: ANN.name, email: ANN.email })
    expect(screen.getByLabelText('Current password')).toHaveValue('')
    expect(screen.getByLabelText('New password')).toHaveValue('')
    expect(accountServer.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/api/account/password',
      contentType: 'application/json',
      body: { currentPassword: ANN.password, newPassword: 'Rainy-day8' },
    })
    expect(hashing).not.toHaveBeenCalled()
  })
})

describe('Sign out everywhere', () => {
  it('ends every session, this one too, and goes to the login page', async () => {
    await signedInOnServer()
    accountServer.signInElsewhere(ANN.email)
    const { user, router } = await renderRoute('/account')
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }))
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login')
    })
    expect(accountServer.sessionCount(ANN.email)).toBe(0)
    expect(localStorage.getItem('currentUser')).toBeNull()
    expect(mainNav().getByRole('link', { name: 'Login' })).toBeInTheDocument()
  })

  it('changes nothing when the server cannot be reached', async () => {
    await signedInOnServer()
    server.use(http.post('/api/account/sign-out-everywhere', () => HttpResponse.error()))
    const { user, router } = await renderRoute('/account')
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }))
    expect(await toast(UNREACHABLE)).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/account')
    expect(storedUser()).toEqual({ name: ANN.name, email: ANN.email })
  })
})

describe('Export my data', () => {
  it('downloads the profile and the lists kept in this browser', async () => {
    await signedInOnServer()
    favorites.add({ id: movie.id, title: movie.title })
    const downloads = captureDownloads()
    const { user } = await renderRoute('/account')
    await user.click(screen.getByRole('button', { name: 'Export my data' }))
    const content = (await downloads[0]?.read()) as {
      profile: unknown
      lists: Record<string, { list: string; movies: { id: number }[] }>
    }
    expect(content.profile).toEqual({ name: ANN.name, email: ANN.email })
    expect(Object.keys(content.lists)).toEqual(['favorites', 'watchlist', 'seen'])
    expect(content.lists.favorites?.movies.map((entry) => entry.id)).toEqual([movie.id])
    expect(accountServer.requests).toEqual([])
  })
})

describe('Delete account', () => {
  it('refuses a wrong password (403) and deletes nothing', async () => {
    await signedInOnServer()
    favorites.add({ id: movie.id, title: movie.title })
    const { user, router } = await renderRoute('/account')
    await user.type(section('Delete account').getByLabelText('Password'), 'Wrong-pass1')
    await user.click(screen.getByRole('button', { name: 'Delete account' }))
    expect(await toast('Incorrect password')).toBeInTheDocument()
    expect(section('Delete account').getByLabelText('Password')).toHaveAccessibleDescription(
      'Incorrect password',
    )
    expect(accountServer.account(ANN.email)).toBeDefined()
    expect(localStorage.getItem(favorites.key(ANN.email))).not.toBeNull()
    expect(router.state.location.pathname).toBe('/account')
  })

  it('deletes the account there and its lists here, signs out and goes to the login page', async () => {
    await signedInOnServer()
    favorites.add({ id: movie.id, title: movie.title })
    watchlist.add({ id: movie.id, title: movie.title })
    seenList.add({ id: movie.id, title: movie.title })
    setHideSeen(true)
    const hashing = watchHashing()
    const { user, router } = await renderRoute('/account')
    await user.type(section('Delete account').getByLabelText('Password'), ANN.password)
    await user.click(screen.getByRole('button', { name: 'Delete account' }))
    expect(await toast('Account deleted')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
    expect(accountServer.account(ANN.email)).toBeUndefined()
    expect(accountServer.sessionCount(ANN.email)).toBe(0)
    expect(accountServer.requests).toEqual([
      sent('DELETE', '/api/account', { password: ANN.password }),
    ])
    expect(localStorage.getItem('currentUser')).toBeNull()
    for (const key of [
      favorites.key(ANN.email),
      watchlist.key(ANN.email),
      seenList.key(ANN.email),
      hideSeenKey(ANN.email),
    ]) {
      expect(localStorage.getItem(key), key).toBeNull()
    }
    expect(localStorage.getItem('users')).toBeNull()
    expect(hashing).not.toHaveBeenCalled()
  })

  it('changes nothing when the server fails', async () => {
    await signedInOnServer()
    favorites.add({ id: movie.id, title: movie.title })
    server.use(http.delete('/api/account', () => new HttpResponse(null, { status: 500 })))
    const { user } = await renderRoute('/account')
    await user.type(section('Delete account').getByLabelText('Password'), ANN.password)
    await user.click(screen.getByRole('button', { name: 'Delete account' }))
    expect(await toast(UNREACHABLE)).toBeInTheDocument()
    expect(storedUser()).toEqual({ name: ANN.name, email: ANN.email })
    expect(localStorage.getItem(favorites.key(ANN.email))).not.toBeNull()
  })
})
