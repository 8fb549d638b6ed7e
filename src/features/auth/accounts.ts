import {
  hashPassword,
  plainPasswordMatches,
  verifyPassword,
  type PasswordHash,
} from '@/features/auth/password-hash'
import type { CurrentUser } from '@/lib/session/session-store'
import type { RegisterValues } from '@/shared/accounts/validation'
import { readStored, writeStored } from '@/lib/storage'
import * as v from '@/lib/validate'

export const USERS_KEY = 'users'
export const USERS_VERSION = 1

const hashedUserSchema = v.object({
  name: v.string(),
  email: v.string(),
  password: v.object({ salt: v.string(), hash: v.string(), iterations: v.number() }),
})
/** Behaviour §3's plain-password record: read once at login, then upgraded. */
const plainUserSchema = v.object({ name: v.string(), email: v.string(), password: v.string() })
const storedUserSchema = v.union(hashedUserSchema, plainUserSchema)

const storedUsersSchema = v.union(
  v.object({ version: v.literal(USERS_VERSION), users: v.array(storedUserSchema) }),
  v.array(storedUserSchema),
)

type StoredUser = v.Infer<typeof storedUserSchema>

export const normalizeEmail = (email: string) => email.trim().toLowerCase()

function readUsers(): StoredUser[] {
  const stored = readStored(USERS_KEY, storedUsersSchema)
  if (!stored) return []
  return Array.isArray(stored) ? stored : stored.users
}

function writeUsers(users: StoredUser[]): void {
  writeStored(USERS_KEY, { version: USERS_VERSION, users })
}

const findUser = (users: StoredUser[], email: string) =>
  users.find((user) => normalizeEmail(user.email) === normalizeEmail(email))

export type RegisterResult = 'registered' | 'duplicate'

export async function registerUser(values: RegisterValues): Promise<RegisterResult> {
  if (findUser(readUsers(), values.email)) return 'duplicate'
  const password: PasswordHash = await hashPassword(values.password)
  // Re-read after the slow hash: another tab may have registered meanwhile.
  const users = readUsers()
  if (findUser(users, values.email)) return 'duplicate'
  writeUsers([
    ...users,
    { name: values.name.trim().normalize('NFC'), email: values.email.trim(), password },
  ])
  return 'registered'
}

export function removeUser(email: string): void {
  writeUsers(readUsers().filter((user) => normalizeEmail(user.email) !== normalizeEmail(email)))
}

export async function authenticate(email: string, password: string): Promise<CurrentUser | null> {
  const user = findUser(readUsers(), email)
  if (!user) return null
  if (typeof user.password === 'string') {
    if (!plainPasswordMatches(password, user.password)) return null
    const upgraded = { name: user.name, email: user.email, password: await hashPassword(password) }
    try {
      writeUsers(
        readUsers().map((candidate) =>
          candidate === user || normalizeEmail(candidate.email) === normalizeEmail(user.email)
            ? upgraded
            : candidate,
        ),
      )
    } catch {
      // Storage full: the user still signs in; the record is upgraded at a later login.
    }
    return { name: user.name, email: user.email }
  }
  return (await verifyPassword(password, user.password))
    ? { name: user.name, email: user.email }
    : null
}
