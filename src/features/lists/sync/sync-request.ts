/** POST /api/account/lists/sync: see docs/api.md, "Lists that follow the account". */
import {
  SYNC_LISTS,
  type ListEdit,
  type SettingEdit,
  type SyncListName,
  type SyncMovie,
} from '@/shared/lists/merge'
import { ACCOUNT_API_BASE } from '@/shared/urls'

export const SYNC_PATH = `${ACCOUNT_API_BASE}/lists/sync`
/** Well under the server's 10,000 a request, and its 8 MiB body. */
export const MAX_SENT = 5000
const REQUEST_TIMEOUT_MS = 30_000

export interface SyncBody {
  since: number
  changes: ListEdit[]
  hideSeen?: SettingEdit<boolean>
}

export interface SyncResponse {
  seq: number
  changes: ListEdit[]
  hideSeen: SettingEdit<boolean> | null
}

export interface SyncExtras {
  more: boolean
  refused: { list: SyncListName; movieId: number }[]
  message: string | null
}

function readRefused(value: unknown): SyncExtras['refused'] {
  if (!Array.isArray(value)) return []
  return value.flatMap((item: unknown) =>
    isObject(item) &&
    SYNC_LISTS.includes(item.list as SyncListName) &&
    typeof item.movieId === 'number'
      ? [{ list: item.list as SyncListName, movieId: item.movieId }]
      : [],
  )
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
  if (!SYNC_LISTS.includes(list as SyncListName)) return null
  if (typeof movieId !== 'number' || !Number.isInteger(movieId) || movieId <= 0) return null
  if (typeof present !== 'boolean' || typeof editedAt !== 'number') return null
  const edit = { list: list as SyncListName, movieId, present, editedAt }
  if (!present) return edit
  if (!isObject(movie) || typeof movie.title !== 'string') return null
  const shown: SyncMovie = {
    title: movie.title,
    poster_path: textOrNull(movie.poster_path),
    release_date: textOrNull(movie.release_date),
    vote_average: typeof movie.vote_average === 'number' ? movie.vote_average : null,
    added_at: textOrNull(movie.added_at),
  }
  return { ...edit, movie: shown }
}

function readSetting(value: unknown): SettingEdit<boolean> | null {
  if (!isObject(value)) return null
  const { value: setting, editedAt } = value
  return typeof setting === 'boolean' && typeof editedAt === 'number'
    ? { value: setting, editedAt }
    : null
}

function retryAfter(response: Response): number | null {
  const header = response.headers.get('Retry-After')
  if (!header) return null
  const seconds = Number(header)
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000)
  const date = Date.parse(header)
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now())
}

export async function postSync(
  body: SyncBody,
): Promise<
  { seq: number; changes: unknown[]; hideSeen: SettingEdit<boolean> | null } & SyncExtras
> {
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
    hideSeen: readSetting(json.hideSeen),
    more: json.more === true,
    refused: readRefused(json.refused),
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
