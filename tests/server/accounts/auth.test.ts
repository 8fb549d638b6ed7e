// @vitest-environment node
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createAccountAuth, type AccountAuth } from '../../../server/accounts/auth'
import { authSecret } from '../../../server/accounts/secret'
import type { Database } from '../../../server/db/database'
import { openTarget, rowsOf, TARGETS } from './support'

vi.setConfig({ testTimeout: 60_000 })

const ALICE = { name: 'Alice', email: 'alice@example.com', password: 'Secret1!' }

/** A request's headers carrying the cookies a response set. */
const withCookies = (cookies: string[]) =>
  new Headers({ cookie: cookies.map((cookie) => cookie.split(';')[0]).join('; ') })

describe.each(TARGETS)('accounts on $name', (target) => {
  let db: Database
  let close: () => Promise<void>
  let auth: AccountAuth
  const errors: string[] = []

  beforeAll(async () => {
    ;({ db, close } = await openTarget(target))
    auth = createAccountAuth({
      db,
      secret: await authSecret(db, undefined),
      log: (_level, message) => errors.push(message),
    })
  })
  afterAll(async () => {
    await close()
  })

  it('registers once: the same e-mail again, in any case, is a duplicate', async () => {
    expect(await auth.register(ALICE, new Headers())).toBe('registered')
    expect(await auth.register({ ...ALICE, email: 'ALICE@Example.com' }, new Headers())).toBe(
      'duplicate',
    )
  })

  it('keeps a scrypt hash, never the password', async () => {
    const [row] = await rowsOf<{ password: string }>(db, sql`select password from account`)
    expect(row?.password).toMatch(/^scrypt\$32768\$8\$3\$/)
    expect(row?.password).not.toContain(ALICE.password)
  })

  it('signs in with the right password only; the cookie is httpOnly and SameSite=Lax', async () => {
    expect(
      await auth.signIn({ email: ALICE.email, password: 'Wrong1!x' }, new Headers(), false),
    ).toBeNull()
    expect(
      await auth.signIn(
        { email: 'nobody@example.com', password: ALICE.password },
        new Headers(),
        false,
      ),
    ).toBeNull()
    const signedIn = await auth.signIn(
      { email: ALICE.email, password: ALICE.password },
      new Headers(),
      false,
    )
    expect(signedIn?.user).toMatchObject({ name: 'Alice', email: ALICE.email })
    const cookie = signedIn?.cookies.find((value) => value.startsWith('cinelist-session='))
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)
    expect(cookie).not.toMatch(/Secure/i)
    const headers = withCookies(signedIn?.cookies ?? [])
    expect(await auth.signedInUser(headers, false)).toMatchObject({ email: ALICE.email })
  })

  it('over HTTPS names the cookie __Host- and marks it Secure', async () => {
    const signedIn = await auth.signIn(
      { email: ALICE.email, password: ALICE.password },
      new Headers(),
      true,
    )
    const cookie = signedIn?.cookies.find((value) => value.startsWith('__Host-cinelist-session='))
    expect(cookie).toMatch(/; Secure/i)
    expect(cookie).toMatch(/Path=\//)
    expect(cookie).not.toMatch(/Domain=/i)
    expect(await auth.signedInUser(withCookies(signedIn?.cookies ?? []), true)).not.toBeNull()
  })

  it('ends the session on sign-out: the old cookie no longer signs in', async () => {
    const signedIn = await auth.signIn(
      { email: ALICE.email, password: ALICE.password },
      new Headers(),
      false,
    )
    const headers = withCookies(signedIn?.cookies ?? [])
    const cleared = await auth.signOut(headers, false)
    expect(
      cleared.some((value) => /cinelist-session=;/.test(value) || /Max-Age=0/i.test(value)),
    ).toBe(true)
    expect(await auth.signedInUser(headers, false)).toBeNull()
  })

  it('renames, and changing the password ends every other session', async () => {
    const first = withCookies(
      (await auth.signIn({ email: ALICE.email, password: ALICE.password }, new Headers(), false))
        ?.cookies ?? [],
    )
    const second = withCookies(
      (await auth.signIn({ email: ALICE.email, password: ALICE.password }, new Headers(), false))
        ?.cookies ?? [],
    )
    expect(await auth.rename(first, false, 'Alicia')).toMatchObject({ name: 'Alicia' })
    expect(await auth.signedInUser(second, false)).toMatchObject({ name: 'Alicia' })

    expect(
      await auth.changePassword(first, false, {
        currentPassword: 'Wrong1!x',
        newPassword: 'Newer1!x',
      }),
    ).toBe('incorrect')
    const changed = await auth.changePassword(first, false, {
      currentPassword: ALICE.password,
      newPassword: 'Newer1!x',
    })
    expect(changed).not.toBe('incorrect')
    expect(await auth.signedInUser(second, false)).toBeNull()
    const current = changed && changed !== 'incorrect' ? withCookies(changed.cookies) : first
    expect(await auth.signedInUser(current, false)).toMatchObject({ email: ALICE.email })
    expect(
      await auth.signIn({ email: ALICE.email, password: 'Newer1!x' }, new Headers(), false),
    ).not.toBeNull()
  })

  it('signs out everywhere', async () => {
    const first = withCookies(
      (await auth.signIn({ email: ALICE.email, password: 'Newer1!x' }, new Headers(), false))
        ?.cookies ?? [],
    )
    const second = withCookies(
      (await auth.signIn({ email: ALICE.email, password: 'Newer1!x' }, new Headers(), false))
        ?.cookies ?? [],
    )
    expect(await auth.signOutEverywhere(first, false)).not.toBeNull()
    expect(await auth.signedInUser(first, false)).toBeNull()
    expect(await auth.signedInUser(second, false)).toBeNull()
  })

  it('deletes an account only with its password, and keeps nothing of it', async () => {
    await auth.register(
      { name: 'Bob', email: 'bob@example.com', password: 'Bobby1!x' },
      new Headers(),
    )
    const bob = withCookies(
      (await auth.signIn({ email: 'bob@example.com', password: 'Bobby1!x' }, new Headers(), false))
        ?.cookies ?? [],
    )
    expect(await auth.deleteAccount(bob, false, 'Wrong1!x')).toBe('incorrect')
    expect(await auth.signedInUser(bob, false)).not.toBeNull()
    const deleted = await auth.deleteAccount(bob, false, 'Bobby1!x')
    expect(deleted).toMatchObject({ user: { email: 'bob@example.com' } })
    expect(await auth.signedInUser(bob, false)).toBeNull()
    expect(
      await auth.signIn({ email: 'bob@example.com', password: 'Bobby1!x' }, new Headers(), false),
    ).toBeNull()
    // Alice is still there.
    expect(
      await auth.signIn({ email: ALICE.email, password: 'Newer1!x' }, new Headers(), false),
    ).not.toBeNull()
    expect(errors).toEqual([])
  })
})
