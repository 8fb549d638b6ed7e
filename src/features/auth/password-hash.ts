// OWASP's current figure for PBKDF2-SHA256; each record keeps its count, so it can be raised.
export const PBKDF2_ITERATIONS = 600_000
const SALT_BYTES = 16
const HASH_BITS = 256

export interface PasswordHash {
  salt: string
  hash: string
  iterations: number
}

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0))

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number) {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(password),
    'PBKDF2',
    false,
    ['deriveBits'],
  )
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
    key,
    HASH_BITS,
  )
  return new Uint8Array(bits)
}

export async function hashPassword(
  password: string,
  iterations: number = PBKDF2_ITERATIONS,
): Promise<PasswordHash> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES))
  const hash = await derive(password, salt, iterations)
  return { salt: toBase64(salt), hash: toBase64(hash), iterations }
}

function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  let difference = a.length ^ b.length
  for (let index = 0; index < Math.max(a.length, b.length); index++) {
    difference |= (a[index] ?? 0) ^ (b[index] ?? 0)
  }
  return difference === 0
}

export async function verifyPassword(password: string, stored: PasswordHash): Promise<boolean> {
  const expected = fromBase64(stored.hash)
  const actual = await derive(password, fromBase64(stored.salt), stored.iterations)
  return constantTimeEqual(actual, expected)
}

export function plainPasswordMatches(password: string, stored: string): boolean {
  const encoder = new TextEncoder()
  return constantTimeEqual(encoder.encode(password), encoder.encode(stored))
}
