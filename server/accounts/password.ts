import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

// One of OWASP's scrypt settings, on libuv's thread pool (docs/api.md); each hash keeps its own.
const SETTINGS = { N: 2 ** 15, r: 8, p: 3 } as const
const KEY_BYTES = 32
const SALT_BYTES = 16
const PREFIX = 'scrypt'

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const maxmem = 256 * (options.N ?? 0) * (options.r ?? 0) + 1024 * 1024
    scrypt(password.normalize('NFC'), salt, KEY_BYTES, { ...options, maxmem }, (error, key) => {
      if (error) reject(error)
      else resolve(key)
    })
  })
}

/** `scrypt$N$r$p$salt$key`, salt and key in base64. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES)
  const key = await derive(password, salt, SETTINGS)
  const { N, r, p } = SETTINGS
  return [PREFIX, N, r, p, salt.toString('base64'), key.toString('base64')].join('$')
}

export async function verifyPassword({
  hash,
  password,
}: {
  hash: string
  password: string
}): Promise<boolean> {
  const [prefix, N, r, p, salt, key] = hash.split('$')
  if (prefix !== PREFIX || !salt || !key) return false
  const expected = Buffer.from(key, 'base64')
  const actual = await derive(password, Buffer.from(salt, 'base64'), {
    N: Number(N),
    r: Number(r),
    p: Number(p),
  })
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}
