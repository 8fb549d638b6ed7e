// The one module that touches localStorage (docs/architecture.md, "Accounts and favorites").
import { errorWithReason } from '@/lib/error-with-reason'
import * as v from '@/lib/validate'

export type StorageFailure = 'unavailable' | 'quota'

export class StorageError extends errorWithReason<StorageFailure>('StorageError', {
  quota: 'Browser storage is full',
  unavailable: 'Browser storage is not available in this browser or mode',
}) {}

export const BACKUP_PREFIX = 'backup:'

function localStore(): Storage {
  try {
    // Accessing localStorage itself throws SecurityError when storage is disabled.
    return window.localStorage
  } catch (error) {
    throw new StorageError('unavailable', { cause: error })
  }
}

function isQuotaError(error: unknown): boolean {
  // Firefox used its own name for the same condition.
  return (
    error instanceof DOMException &&
    (error.name === 'QuotaExceededError' || error.name === 'NS_ERROR_DOM_QUOTA_REACHED')
  )
}

const reportedCorruptKeys = new Set<string>()

function setAside(storage: Storage, key: string, raw: string, problem: unknown): void {
  const backupKey = `${BACKUP_PREFIX}${key}:${Date.now()}`
  try {
    storage.setItem(backupKey, raw)
    storage.removeItem(key)
  } catch {
    // Could not make a copy (storage full): leave the original where it is rather than lose it.
  }
  if (!reportedCorruptKeys.has(key)) {
    reportedCorruptKeys.add(key)
    console.warn(
      `Stored "${key}" was unreadable and has been set aside as "${backupKey}".`,
      problem,
    )
  }
}

export function readStored<T>(key: string, schema: v.Schema<T>): T | null {
  let storage: Storage
  let raw: string | null
  try {
    storage = localStore()
    raw = storage.getItem(key)
  } catch {
    return null
  }
  if (raw === null) return null
  let json: unknown
  try {
    json = JSON.parse(raw)
  } catch (error) {
    setAside(storage, key, raw, error)
    return null
  }
  const parsed = v.safeParse(schema, json)
  if (!parsed.success) {
    setAside(storage, key, raw, parsed.error)
    return null
  }
  return parsed.data
}

export function writeStored(key: string, value: unknown): void {
  const storage = localStore()
  try {
    storage.setItem(key, JSON.stringify(value))
  } catch (error) {
    throw new StorageError(isQuotaError(error) ? 'quota' : 'unavailable', { cause: error })
  }
}

export function removeStored(key: string): void {
  try {
    localStore().removeItem(key)
  } catch {
    // Nothing stored can be removed when storage is off: the goal is already met.
  }
}

export function onStoredChange(matches: (key: string) => boolean, listener: () => void) {
  const handle = (event: StorageEvent) => {
    // key === null means another tab cleared all of storage.
    if (event.key === null || matches(event.key)) listener()
  }
  window.addEventListener('storage', handle)
  return () => {
    window.removeEventListener('storage', handle)
  }
}
