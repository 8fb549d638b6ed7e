/** POST /api/account/lists/sync: see docs/api.md, "Lists that follow the account". */
import {
  MAX_SERVICE_NAME,
  MAX_WATCH_SERVICES,
  SYNC_LISTS,
  type EntryListKey,
  type ListEdit,
  type SettingEdit,
  type SyncListName,
  type SyncMovie,
  type WatchService,
} from '@/shared/lists/merge'
import {
  descriptionProblem,
  isNamedListKey,
  listNameProblem,
  MAX_POSITION,
  type ListMetaEdit,
} from '@/shared/lists/named'
import { ACCOUNT_API_BASE } from '@/shared/urls'

export const SYNC_PATH = `${ACCOUNT_API_BASE}/lists/sync`
/** Well under the server's 10,000 a request, and its 8 MiB body. */
export const MAX_SENT = 5000
const REQUEST_TIMEOUT_MS = 30_000

export interface SyncBody {
  since: number
  changes: ListEdit[]
  hideSeen?: SettingEdit<boolean>
  services?: SettingEdit<WatchService[]>
  lists?: ListMetaEdit[]
}

export interface SyncExtras {
  more: boolean
  refused: { list: EntryListKey; movieId: number }[]
  refusedLists: string[]
  message: string | null
}

const isListKey = (value: unknown): value is EntryListKey =>
  SYNC_LISTS.includes(value as SyncListName) || isNamedListKey(value)

function readRefused(value: unknown): SyncExtras['refused'] {
  if (!Array.isArray(value)) return []
  return value.flatMap((item: unknown) =>
    isObject(item) && isListKey(item.list) && typeof item.movieId === 'number'
      ? [{ list: item.list, movieId: item.movieId }]
      : [],
  )
}

const POSITION = /^[0-9A-Za-z]+$/
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** A received list's edit, or null: a name or text this browser would refuse is left out. */
export function readListMeta(value: unknown): ListMetaEdit | null {
  if (!isObject(value)) return null
  const { id, present, editedAt, meta } = value
  if (typeof id !== 'string' || !UUID.test(id)) return null
  if (typeof present !== 'boolean' || typeof editedAt !== 'number') return null
  if (!present) return { id, present, editedAt }
  if (!isObject(meta)) return null
  const { name, description, ranked, createdAt } = meta
  if (typeof name !== 'string' || listNameProblem(name)) return null
  if (typeof description !== 'string' || descriptionProblem(description)) return null
  if (typeof ranked !== 'boolean' || typeof createdAt !== 'string') return null
  return { id, present, editedAt, meta: { name, description, ranked, createdAt } }
}

export class SyncError extends Error {
  override readonly name = 'SyncError'
  constructor(
    readonly kind: 'offline' | 'server' | 'signed-out' | 'full',
    /** Retry-After, in ms. */
    readonly retryAfterMs: number | null = null,
    readonly serverMessage: string | null = null,
  ) {
    super(`List sync failed (${kind})`)
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null

const textOrNull = (value: unknown) => (typeof value === 'string' ? value : null)

/** A received edit in merge.ts's terms, or null (left out, never a crash). */
export function readEdit(value: unknown): ListEdit | null {
  if (!isObject(value)) return null
  const { list, movieId, present, editedAt, movie } = value
  if (!isListKey(list)) return null
  if (typeof movieId !== 'number' || !Number.isInteger(movieId) || movieId <= 0) return null
  if (typeof present !== 'boolean' || typeof editedAt !== 'number') return null
  const edit = { list, movieId, present, editedAt }
  if (!present) return edit
  if (!isObject(movie) || typeof movie.title !== 'string') return null
  const shown: SyncMovie = {
    title: movie.title,
    poster_path: textOrNull(movie.poster_path),
    release_date: textOrNull(movie.release_date),
    vote_average: typeof movie.vote_average === 'number' ? movie.vote_average : null,
    added_at: textOrNull(movie.added_at),
  }
  if (isNamedListKey(list)) {
    const position = movie.position
    if (typeof position !== 'string' || position.length > MAX_POSITION || !POSITION.test(position))
      return null
    shown.position = position
  }
  return { ...edit, movie: shown }
}

function readSetting<T>(
  value: unknown,
  read: (setting: unknown) => T | null,
): SettingEdit<T> | null {
  if (!isObject(value) || typeof value.editedAt !== 'number') return null
  const setting = read(value.value)
  return setting === null ? null : { value: setting, editedAt: value.editedAt }
}

const readBoolean = (value: unknown) => (typeof value === 'boolean' ? value : null)

/** Services the server sent that this browser would not keep are left out, one by one. */
function readServices(value: unknown): WatchService[] | null {
  if (!Array.isArray(value)) return null
  const services: WatchService[] = []
  for (const item of value) {
    if (!isObject(item) || typeof item.name !== 'string' || item.name === '') continue
    if (typeof item.id === 'number' && Number.isInteger(item.id) && item.id > 0) {
      services.push({ id: item.id, name: item.name.slice(0, MAX_SERVICE_NAME) })
    }
  }
  return services.slice(0, MAX_WATCH_SERVICES)
}

export interface SyncResponse extends SyncExtras {
  seq: number
  changes: unknown[]
  hideSeen: SettingEdit<boolean> | null
  services: SettingEdit<WatchService[]> | null
  lists: unknown[]
}

function retryAfter(response: Response): number | null {
  const header = response.headers.get('Retry-After')
  if (!header) return null
  const seconds = Number(header)
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000)
  const date = Date.parse(header)
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now())
}

export async function postSync(body: SyncBody): Promise<SyncResponse> {
  let response: Response
  try {
    response = await fetch(new URL(SYNC_PATH, window.location.href), {
      method: 'POST',
      credentials: 'same-origin',
      cache: 'no-store',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    })
  } catch {
    throw new SyncError('offline')
  }
  if (response.status === 401) throw new SyncError('signed-out')
  if (!response.ok) throw new SyncError('server', retryAfter(response))
  let json: unknown
  try {
    json = await response.json()
  } catch {
    throw new SyncError('server')
  }
  if (!isObject(json) || typeof json.seq !== 'number' || !Array.isArray(json.changes)) {
    throw new SyncError('server')
  }
  return {
    seq: json.seq,
    changes: json.changes as unknown[],
    hideSeen: readSetting(json.hideSeen, readBoolean),
    services: readSetting(json.services, readServices),
    lists: Array.isArray(json.lists) ? (json.lists as unknown[]) : [],
    more: json.more === true,
    refused: readRefused(json.refused),
    refusedLists: Array.isArray(json.refusedLists)
      ? json.refusedLists.filter((id): id is string => typeof id === 'string')
      : [],
    message: typeof json.error === 'string' ? json.error : null,
  }
}

const realDate = (text: string) => !Number.isNaN(Date.parse(text))
const DATE = /^\d{4}-\d{2}-\d{2}$/
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/

/** A field the server would refuse is sent as null: one odd field never blocks every later sync. */
export function sendableMovie(entry: {
  title: string
  poster_path?: string | null
  release_date?: string | null
  vote_average?: number | null
  added_at?: string | null
}): SyncMovie | null {
  const title = entry.title.slice(0, 300)
  if (title === '') return null
  const release = entry.release_date ?? null
  const added = entry.added_at ?? null
  const vote = entry.vote_average ?? null
  const poster = entry.poster_path ?? null
  return {
    title,
    poster_path: poster !== null && poster.length <= 200 ? poster : null,
    release_date:
      release !== null && (release === '' || (DATE.test(release) && realDate(release)))
        ? release
        : null,
    vote_average: vote !== null && vote >= 0 && vote <= 10 ? vote : null,
    added_at:
      added !== null && added.length <= 35 && DATE_TIME.test(added) && realDate(added)
        ? added
        : null,
  }
}
