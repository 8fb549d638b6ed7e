import { afterEach, beforeEach, vi } from 'vitest'
import { logInAccount } from '@/features/auth/api/log-in'
import { useSessionStore } from '@/lib/session/session-store'
import { ACCOUNTS_META } from '@/shared/accounts-meta'
import { accountServer } from '@/mocks/server'

/** Runs every test of the file with accounts on the server: the meta tag `npm start` writes. */
export function withServerAccounts(): void {
  let meta: HTMLMetaElement | undefined
  beforeEach(() => {
    meta = document.createElement('meta')
    meta.name = ACCOUNTS_META
    meta.content = 'server'
    document.head.append(meta)
  })
  afterEach(() => {
    meta?.remove()
  })
}

/** A JSON request the page sent to the account API, as accountServer.requests records it. */
export const sent = (method: string, path: string, body: unknown) => ({
  method,
  path,
  contentType: 'application/json',
  credentials: 'same-origin',
  body,
})

export const ANN = { name: 'Ann', email: 'ann@example.com', password: 'Sunny-day7' } as const

/**
 * An account on the server, signed in from this browser as a login leaves it: the session
 * cookie set, currentUser stored. The requests it took are left out of accountServer.requests.
 */
export async function signedInOnServer(account: typeof ANN = ANN) {
  accountServer.addAccount(account)
  const user = await logInAccount(account.email, account.password)
  if (!user) throw new Error('the mock server refused the login')
  useSessionStore.getState().signIn(user)
  accountServer.requests.length = 0
  return user
}

/** Watches Web Crypto's key derivation: the browser hashing a password. */
export const watchHashing = () => vi.spyOn(crypto.subtle, 'deriveBits')
