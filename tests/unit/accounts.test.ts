import { describe, expect, it, vi } from 'vitest'
import { authenticate, registerUser } from '@/features/auth/accounts'

const storedUsers = () => JSON.parse(localStorage.getItem('users') ?? 'null') as unknown

describe('accounts', () => {
  it('stores a registered user with a salted hash and never the password', async () => {
    expect(
      await registerUser({ name: 'Alice', email: 'Alice@Example.com', password: 'Secret1!' }),
    ).toBe('registered')
    expect(storedUsers()).toEqual({
      version: 1,
      users: [
        {
          name: 'Alice',
          email: 'Alice@Example.com',
          password: {
            salt: expect.any(String) as string,
            hash: expect.any(String) as string,
            iterations: 600_000,
          },
        },
      ],
    })
    expect(localStorage.getItem('users')).not.toContain('Secret1!')
  })

  it('refuses an e-mail already registered, whatever its case and spaces', async () => {
    await registerUser({ name: 'Alice', email: 'alice@example.com', password: 'Secret1!' })
    expect(
      await registerUser({ name: 'Other', email: ' ALICE@example.COM ', password: 'Secret2!' }),
    ).toBe('duplicate')
  })

  it('authenticates with the right password only, by e-mail in any case', async () => {
    await registerUser({ name: 'Alice', email: 'alice@example.com', password: 'Secret1!' })
    expect(await authenticate('ALICE@example.com', 'Secret1!')).toEqual({
      name: 'Alice',
      email: 'alice@example.com',
    })
    expect(await authenticate('alice@example.com', 'secret1!')).toBeNull()
    expect(await authenticate('bob@example.com', 'Secret1!')).toBeNull()
  })

  it('logs in a plain-text record once with its password and upgrades it to a hash', async () => {
    localStorage.setItem(
      'users',
      JSON.stringify([
        { name: 'Legacy', email: 'old@example.com', password: 'Old1pass!' },
        { name: 'Other', email: 'other@example.com', password: 'Other1!' },
      ]),
    )
    expect(await authenticate('old@example.com', 'wrong')).toBeNull()
    expect(await authenticate('old@example.com', 'Old1pass!')).toEqual({
      name: 'Legacy',
      email: 'old@example.com',
    })
    const raw = localStorage.getItem('users') ?? ''
    expect(raw).not.toContain('Old1pass!')
    // The other legacy record is kept as it was, to be upgraded at its own login.
    expect(raw).toContain('Other1!')
    expect(await authenticate('old@example.com', 'Old1pass!')).not.toBeNull()
  })

  it('keeps a corrupt users list aside and lets new users register', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    localStorage.setItem('users', '{oops')
    expect(
      await registerUser({ name: 'Alice', email: 'alice@example.com', password: 'Secret1!' }),
    ).toBe('registered')
    const backup = Object.keys(localStorage).find((key) => key.startsWith('backup:users:'))
    expect(backup && localStorage.getItem(backup)).toBe('{oops')
  })
})
