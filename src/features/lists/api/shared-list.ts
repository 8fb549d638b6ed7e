import { queryOptions } from '@tanstack/react-query'
import type { ApiFetch } from '@/lib/api-fetch'

export const SHARED_PAGE_SIZE = 100
export const SHARED_TOKEN = /^[A-Za-z0-9_-]{43}$/

export interface SharedMovie {
  id: number
  title: string
  poster_path: string | null
  release_date: string | null
  vote_average: number | null
  added_at: string | null
}

export interface SharedList {
  list: {
    kind: 'favorites' | 'watchlist' | 'seen' | 'named'
    name: string
    description: string
    ranked: boolean
    owner: string
    total: number
    indexable: boolean
  }
  movies: SharedMovie[]
  offset: number
}

/** The link was never made, or has ended: the page is the 404. */
export class SharedListGone extends Error {
  override readonly name = 'SharedListGone'
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null
const text = (value: unknown) => (typeof value === 'string' ? value : null)

function readMovie(value: unknown): SharedMovie | null {
  if (!isObject(value) || typeof value.id !== 'number' || typeof value.title !== 'string')
    return null
  return {
    id: value.id,
    title: value.title,
    poster_path: text(value.poster_path),
    release_date: text(value.release_date),
    vote_average: typeof value.vote_average === 'number' ? value.vote_average : null,
    added_at: text(value.added_at),
  }
}

const KINDS = ['favorites', 'watchlist', 'seen', 'named'] as const

export function readSharedList(json: unknown): SharedList {
  if (!isObject(json) || !isObject(json.list) || !Array.isArray(json.movies))
    throw new Error('A shared list in an unknown shape')
  const list = json.list
  const kind = KINDS.find((each) => each === list.kind)
  if (!kind || typeof list.name !== 'string' || typeof list.total !== 'number')
    throw new Error('A shared list in an unknown shape')
  return {
    list: {
      kind,
      name: list.name,
      description: text(list.description) ?? '',
      ranked: list.ranked === true,
      owner: text(list.owner) ?? '',
      total: list.total,
      indexable: list.indexable === true,
    },
    movies: json.movies.flatMap((movie) => {
      const read = readMovie(movie)
      return read ? [read] : []
    }),
    offset: typeof json.offset === 'number' ? json.offset : 0,
  }
}

export async function fetchSharedList(
  api: ApiFetch,
  token: string,
  offset: number,
  limit = SHARED_PAGE_SIZE,
): Promise<SharedList> {
  if (!SHARED_TOKEN.test(token)) throw new SharedListGone()
  const response = await api(`/api/shared/${token}?offset=${String(offset)}&limit=${String(limit)}`)
  if (response.status === 404) throw new SharedListGone()
  if (!response.ok) throw new Error(`Shared list: ${String(response.status)}`)
  return readSharedList(await response.json())
}

/** `null` when the link is gone: an answer, not a failure, so the server renders its 404 page. */
export const sharedListQueryOptions = (api: ApiFetch, token: string, page: number) =>
  queryOptions({
    queryKey: ['shared-list', token, page],
    queryFn: async (): Promise<SharedList | null> => {
      try {
        return await fetchSharedList(api, token, (page - 1) * SHARED_PAGE_SIZE)
      } catch (error) {
        if (error instanceof SharedListGone) return null
        throw error
      }
    },
    // A link its owner ends must stop showing: asked again at each visit.
    staleTime: 0,
    retry: (count) => count < 2,
  })
