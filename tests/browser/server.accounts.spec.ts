import type { APIRequestContext, BrowserContext, Page } from '@playwright/test'
import { THEME_KEY } from '../../src/features/theme/theme-store'
import { logIn, mainNav, recordToasts, toast } from './support/app'
import { expectNoAxeViolations } from './support/axe'
import { expect, test } from './support/fixtures'
import { readStorage, readStored, type Account } from './support/storage'

/**
 * Accounts on the server (`npm start`, the default): the spec's register, login, logout and
 * guard flows word for word, an account that signs in from a second browser, the session cookie,
 * and the account page. Each form rule is checked once, in the component tests.
 */

/** scrypt on the server: a sign-up or sign-in takes a moment on a busy machine. */
const SLOW = { timeout: 20_000 }

/** A name the spec's rule accepts, and an e-mail of this test's own (tests run in parallel). */
function newAccount(tag: string): Account {
  const letters = tag
    .replace(/[^a-z]/gi, '')
    .slice(0, 8)
    .toLowerCase()
  return {
    name: `Ann${letters}`.slice(0, 12),
    email: `${tag}-${test.info().testId}-${String(test.info().repeatEachIndex)}@example.com`,
    password: 'Sunny-day7',
  }
}

const api = (request: APIRequestContext, path: string, method = 'GET', data?: unknown) =>
  request.fetch(`/api/account${path}`, {
    method,
    ...(data === undefined ? {} : { data, headers: { 'content-type': 'application/json' } }),
  })

/** Registered through the API, as a script against one's own instance would. */
async function registered(request: APIRequestContext, account: Account) {
  const response = await api(request, '/register', 'POST', account)
  expect(response.status()).toBe(201)
  return account
}

async function signedInPage(context: BrowserContext, account: Account): Promise<Page> {
  const page = await context.newPage()
  await page.goto('/login')
  await logIn(page, account)
  return page
}

test('register, log in, reload and log out, with the account on the server', async ({
  page,
  context,
}) => {
  const ann = newAccount('flow')
  await page.goto('/register')
  await page.getByLabel('Name', { exact: true }).fill(ann.name)
  await page.getByLabel('Email', { exact: true }).fill(ann.email)
  await page.getByLabel('Password', { exact: true }).fill(ann.password)
  await page.getByRole('button', { name: 'Register', exact: true }).click()
  await expect(toast(page, 'Registered successfully')).toBeVisible(SLOW)
  await expect(page).toHaveURL('/login')

  await logIn(page, ann)
  await expect(page).toHaveURL('/')
  // The page's copy of who is signed in: exactly { name, email }; no users list in the browser.
  expect(await readStored(page, 'currentUser')).toEqual({ name: ann.name, email: ann.email })
  const stored = await readStorage(page)
  expect(stored.users).toBeUndefined()
  expect(JSON.stringify(stored)).not.toContain(ann.password)
  const [cookie] = await context.cookies()
  expect(cookie).toMatchObject({ name: 'cinelist-session', httpOnly: true, sameSite: 'Lax' })

  await page.reload()
  await expect(page.getByText(`Welcome, ${ann.name}!`, { exact: true })).toBeVisible()
  expect((await api(context.request, '')).status()).toBe(200)

  await mainNav(page).getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL('/login')
  await expect(mainNav(page).getByRole('link', { name: 'Login', exact: true })).toBeVisible()
  expect(await readStored(page, 'currentUser')).toBeUndefined()
  // Ended on the server: the cookie the browser held no longer signs anyone in.
  const ended = await context.request.fetch('/api/account', {
    headers: { cookie: `${cookie?.name ?? ''}=${cookie?.value ?? ''}` },
  })
  expect(ended.status()).toBe(401)
})

test('one account, two browsers: registered once, signed in on both', async ({
  page,
  request,
  newContext,
}) => {
  const bea = await registered(request, newAccount('twobrowsers'))
  await page.goto('/login')
  await logIn(page, bea)
  const phone = await signedInPage(await newContext(), bea)
  await expect(phone.getByText(`Welcome, ${bea.name}!`, { exact: true })).toBeVisible()
  await expect(page.getByText(`Welcome, ${bea.name}!`, { exact: true })).toBeVisible()
})

test('the spec’s messages: a taken e-mail, a wrong password, and the guard', async ({
  page,
  request,
}) => {
  const cleo = await registered(request, newAccount('messages'))
  const toastsShown = await recordToasts(page)
  await page.goto('/register')
  await page.getByLabel('Name', { exact: true }).fill(cleo.name)
  await page.getByLabel('Email', { exact: true }).fill(cleo.email.toUpperCase())
  await page.getByLabel('Password', { exact: true }).fill(cleo.password)
  await page.getByRole('button', { name: 'Register', exact: true }).click()
  await expect(toast(page, 'Email already registered')).toBeVisible(SLOW)
  await expect(page).toHaveURL('/register')

  await page.goto('/favorites')
  await expect(page).toHaveURL('/login?redirect=%2Ffavorites')
  await expect(toast(page, 'You must be logged in to access this page')).toBeVisible()
  expect(await toastsShown('You must be logged in to access this page')).toBe(1)

  await page.getByLabel('Email', { exact: true }).fill(cleo.email)
  await page.getByLabel('Password', { exact: true }).fill('Wrong-pass7')
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await expect(toast(page, 'Incorrect email or password')).toBeVisible(SLOW)

  await logIn(page, cleo)
  await expect(page).toHaveURL('/favorites')
  await expect(page.getByRole('heading', { level: 1, name: 'My Favorites' })).toBeVisible()
})

test('after five failed attempts the form says to wait, and the right password waits too', async ({
  page,
  request,
}) => {
  const dan = await registered(request, newAccount('limit'))
  for (let attempt = 0; attempt < 5; attempt++) {
    const response = await api(request, '/login', 'POST', {
      email: dan.email,
      password: 'Nope-pass7',
    })
    expect(response.status()).toBe(401)
  }
  await page.goto('/login')
  await page.getByLabel('Email', { exact: true }).fill(dan.email)
  await page.getByLabel('Password', { exact: true }).fill(dan.password)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await expect(
    toast(page, 'Too many failed sign-in attempts. Try again in 15 minutes.'),
  ).toBeVisible(SLOW)
  await expect(page).toHaveURL('/login')
})

test.describe('the account page', () => {
  test('changes the name, and the password, which ends the other browser’s session', async ({
    context,
    request,
    newContext,
  }) => {
    // Several password hashes on the server (register, three sign-ins, the change), two browsers.
    test.slow()
    const eve = await registered(request, newAccount('change'))
    const page = await signedInPage(context, eve)
    const other = await signedInPage(await newContext(), eve)

    await mainNav(page).getByRole('link', { name: 'Account', exact: true }).click()
    await expect(page).toHaveURL('/account')
    await expect(page).toHaveTitle(/Account/)
    await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible()
    await expect(mainNav(page).getByRole('link', { name: 'Account', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    )

    await page.getByLabel('Name', { exact: true }).fill('Evelyn')
    await page.getByRole('button', { name: 'Save name' }).click()
    await expect(toast(page, 'Name saved')).toBeVisible()
    expect(await readStored(page, 'currentUser')).toEqual({ name: 'Evelyn', email: eve.email })

    await page.getByLabel('Current password', { exact: true }).fill(eve.password)
    await page.getByLabel('New password', { exact: true }).fill('Rainy-day8')
    await page.getByRole('button', { name: 'Change password' }).click()
    await expect(toast(page, 'Password changed')).toBeVisible(SLOW)

    // The other browser's session has ended: its next look at the server signs it out.
    await other.reload()
    await expect(mainNav(other).getByRole('link', { name: 'Login', exact: true })).toBeVisible()
    await expect(toast(other, 'Your session has ended. Please log in again.')).toBeVisible()
    // This one goes on, and the new password is the one that signs in.
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible()
    expect((await api(page.context().request, '')).status()).toBe(200)
    await other.goto('/login')
    await logIn(other, { email: eve.email, password: 'Rainy-day8' })
  })

  test('signs out everywhere', async ({ context, request, newContext }) => {
    const fay = await registered(request, newAccount('everywhere'))
    const page = await signedInPage(context, fay)
    const other = await signedInPage(await newContext(), fay)
    await page.goto('/account')
    await page.getByRole('button', { name: 'Sign out everywhere' }).click()
    await expect(page).toHaveURL('/login')
    expect((await api(other.context().request, '')).status()).toBe(401)
  })

  test('exports the data, then deletes the account for good', async ({ context, request }) => {
    const gus = await registered(request, newAccount('delete'))
    const page = await signedInPage(context, gus)
    await page.goto('/account')
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: /Export my data/ }).click()
    const file = await download
    expect(file.suggestedFilename()).toMatch(/^cinelist-account-\d{4}-\d{2}-\d{2}\.json$/)
    const exported = JSON.parse(
      await new Response((await file.createReadStream()) as unknown as ReadableStream).text(),
    ) as { profile: unknown }
    expect(exported.profile).toEqual({ name: gus.name, email: gus.email })

    await page.getByLabel('Password', { exact: true }).fill('Wrong-pass7')
    await page.getByRole('button', { name: 'Delete account' }).click()
    await expect(toast(page, 'Incorrect password')).toBeVisible(SLOW)
    await page.getByLabel('Password', { exact: true }).fill(gus.password)
    await page.getByRole('button', { name: 'Delete account' }).click()
    await expect(toast(page, 'Account deleted')).toBeVisible(SLOW)
    await expect(page).toHaveURL('/login')
    const again = await api(request, '/login', 'POST', { email: gus.email, password: gus.password })
    expect(again.status()).toBe(401)
  })

  for (const theme of ['dark', 'light'] as const) {
    test(`has no axe violations in the ${theme} theme`, async ({ context, request }) => {
      await context.addInitScript(
        ([key, value]) => {
          if (location.protocol.startsWith('http')) localStorage.setItem(key, value)
        },
        [THEME_KEY, JSON.stringify(theme)] as const,
      )
      const hal = await registered(request, newAccount(`axe${theme}`))
      const page = await signedInPage(context, hal)
      await page.goto('/account')
      await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible()
      await page.getByRole('button', { name: 'Save name' }).focus()
      await expectNoAxeViolations(page, `the account page, ${theme} theme`)
    })
  }
})
