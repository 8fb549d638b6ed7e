import { describe, expect, it } from 'vitest'
import {
  hashPassword,
  PBKDF2_ITERATIONS,
  plainPasswordMatches,
  verifyPassword,
} from '@/features/auth/password-hash'

describe('password hashing', () => {
  it('uses PBKDF2 with 600,000 iterations and a fresh random salt each time', async () => {
    const first = await hashPassword('Secret1!')
    const second = await hashPassword('Secret1!')
    expect(first.iterations).toBe(600_000)
    expect(PBKDF2_ITERATIONS).toBe(600_000)
    expect(first.salt).not.toBe(second.salt)
    expect(first.hash).not.toBe(second.hash)
    expect(JSON.stringify(first)).not.toContain('Secret1!')
  })

  it('verifies the right password and rejects any other', async () => {
    const stored = await hashPassword('Secret1!', 1000)
    expect(await verifyPassword('Secret1!', stored)).toBe(true)
    expect(await verifyPassword('Secret1?', stored)).toBe(false)
    expect(await verifyPassword('', stored)).toBe(false)
  })

  it('compares legacy plain passwords exactly', () => {
    expect(plainPasswordMatches('Secret1!', 'Secret1!')).toBe(true)
    expect(plainPasswordMatches('Secret1!', 'Secret1')).toBe(false)
    expect(plainPasswordMatches('', 'x')).toBe(false)
  })
})
