import { pbkdf2Sync, randomBytes } from 'node:crypto'
import type { BrowserContext, Page } from '@playwright/test'
import { USERS_KEY, USERS_VERSION } from '../../../src/features/auth/accounts'
import { PBKDF2_ITERATIONS } from '../../../src/features/auth/password-hash'
import { LIST_VERSION, type ListName } from '../../../src/lib/movie-lists/list-store'
import { entriesKey, indexKey } from '../../../src/lib/movie-lists/named-lists'
import { CURRENT_USER_KEY } from '../../../src/lib/session/session-store'
import { userKey } from '../../../src/lib/session/user-storage'

/**
 * localStorage as the app keeps it (behaviour §3), to start a test with it and to read it back.
 * Keys and versions are the app's own, so a change there cannot leave the tests seeding a shape
 * the app no longer reads.
 */

export interface Account {
  name: string
  email: string
  password: string
}

const hashed = new Map<string, object>()

/**
 * A stored user record as the app writes it (hashed as docs/architecture.md describes), computed here with
 * Node's PBKDF2 so a test can start with a registered user without a slow sign-up.
 */
function hashedUserRecord({ name, email, password }: Account) {
  const key = `${name}\u0000${email}\u0000${password}`
  const cached = hashed.get(key)
  if (cached) return cached
  const salt = randomBytes(16)
  const hash = pbkdf2Sync(password, salt, PBKDF2_ITERATIONS, 32, 'sha256')
  const record = {
    name,
    email,
    password: {
      salt: salt.toString('base64'),
      hash: hash.toString('base64'),
      iterations: PBKDF2_ITERATIONS,
    },
  }
  hashed.set(key, record)
  return record
}

/** The `users` value with these accounts registered. */
const usersValue = (...accounts: Account[]) =>
  JSON.stringify({ version: USERS_VERSION, users: accounts.map(hashedUserRecord) })

/** The user list as an earlier version stored it: a plain array, passwords in plain form. */
export const legacyUsersEntry = (...accounts: Account[]) => ({
  [USERS_KEY]: JSON.stringify(accounts),
})

const currentUserValue = ({ name, email }: Pick<Account, 'name' | 'email'>) =>
  JSON.stringify({ name, email })

/** A movie as a list keeps it: these four fields, and the rating and date added when known. */
export interface StoredMovie {
  id: number
  title: string
  poster_path: string | null
  release_date: string | null
  vote_average?: number | null
  added_at?: string
}

/** A favorite as behaviour §3 describes it. */
export const favoriteOf = (movie: StoredMovie): StoredMovie => ({
  id: movie.id,
  title: movie.title,
  poster_path: movie.poster_path,
  release_date: movie.release_date,
})

export type ListKind = 'favorites' | ListName

/** A user's lists, as the test starts with them. */
export type StoredLists = Partial<Record<ListKind, StoredMovie[]>>

export const listKey = (list: ListKind, email: string) => userKey(list, email)
export { entriesKey as namedEntriesKey, indexKey as namedIndexKey }
export const listValue = (movies: StoredMovie[]) =>
  JSON.stringify({ version: LIST_VERSION, movies })

/** The sync's record (src/features/lists/sync/pending.ts) of lists synced, nothing waiting. */
const syncedState = { version: 1, since: 0, fresh: false, pending: [], hideSeen: null }

/** What a test starts with: who is signed in, their lists, then any raw entries. */
export interface StoragePreset {
  /** Registered (a hashed record under `users`), and the current user from the start. */
  signedIn?: Account | null
  /** The signed-in user's lists. */
  lists?: StoredLists
  /** Raw key → value entries, written last (a theme, a corrupt value, an old format). */
  storage?: Record<string, string>
  /** The account is the server's (signed in there): the browser keeps no users list. */
  serverAccounts?: boolean
}

export function presetEntries({
  signedIn = null,
  lists = {},
  storage = {},
  serverAccounts = false,
}: StoragePreset): Record<string, string> {
  const entries: Record<string, string> = {}
  if (signedIn) {
    if (!serverAccounts) entries[USERS_KEY] = usersValue(signedIn)
    entries[CURRENT_USER_KEY] = currentUserValue(signedIn)
  }
  for (const [list, movies] of Object.entries(lists)) {
    if (!signedIn) throw new Error(`a ${list} list needs someone signed in to own it`)
    entries[listKey(list as ListKind, signedIn.email)] = listValue(movies)
  }
  // With accounts on the server, the lists are this browser's copy of the account's, synced
  // before (lists it holds of its own, to bring in, are seeded as raw entries).
  if (serverAccounts && signedIn && Object.keys(lists).length > 0) {
    entries[userKey('list-sync', signedIn.email)] = JSON.stringify(syncedState)
  }
  return { ...entries, ...storage }
}

let seedings = 0

/**
 * Puts raw values in localStorage before the app's first script runs, once per context (a
 * cookie marks it done), so later reloads and other tabs see what the app made of them.
 */
export async function seedStorage(context: BrowserContext, entries: Record<string, string>) {
  if (Object.keys(entries).length === 0) return
  // A cookie of its own per seeding, so two seedings of one context both apply.
  const cookie = `e2e-seeded-${String(++seedings)}`
  await context.addInitScript(
    ({ values, cookie }) => {
      if (!location.origin.startsWith('http') || document.cookie.includes(`${cookie}=1`)) return
      for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value)
      document.cookie = `${cookie}=1; path=/`
    },
    { values: entries, cookie },
  )
}

/** Every localStorage entry, raw. */
export const readStorage = (page: Page) =>
  page.evaluate(() => {
    const entries: Record<string, string> = {}
    for (let index = 0; index < localStorage.length; index++) {
      const key = localStorage.key(index)
      if (key !== null) entries[key] = localStorage.getItem(key) ?? ''
    }
    return entries
  })

/** One entry, parsed; undefined when absent. */
export async function readStored(page: Page, key: string): Promise<unknown> {
  const raw = (await readStorage(page))[key]
  return raw === undefined ? undefined : JSON.parse(raw)
}

/**
 * Storage that refuses every write, as a full localStorage does ('full'), or throws on any
 * access, as a browser with storage turned off does ('disabled').
 */
export type StorageFault = 'full' | 'disabled'

/** Breaks storage from the next document on (after any seeding already set up). */
export async function breakStorage(context: BrowserContext, fault: StorageFault) {
  if (fault === 'full') {
    await context.addInitScript(() => {
      Storage.prototype.setItem = () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
      }
    })
    return
  }
  await context.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      get() {
        throw new DOMException('Access is denied for this document.', 'SecurityError')
      },
    })
  })
}
