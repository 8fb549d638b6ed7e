// Apart from the CSV code, so that the account's export of every list loads no papaparse.
import type { ListKind, TransferEntry } from '@/features/lists/transfer/plan'

const day = (date: Date) => date.toISOString().slice(0, 10)

export const exportFileName = (list: ListKind, extension: 'json' | 'csv', now: Date) =>
  `cinelist-${list}-${day(now)}.${extension}`

export function listExport(list: ListKind, movies: readonly TransferEntry[], now: Date) {
  return {
    format: 'cinelist',
    version: 1,
    list,
    exportedAt: now.toISOString(),
    movies: movies.map((movie) => ({
      id: movie.id,
      title: movie.title,
      release_date: movie.release_date ?? null,
      poster_path: movie.poster_path ?? null,
      vote_average: movie.vote_average ?? null,
      added_at: movie.added_at ?? null,
    })),
  }
}

export const toJson = (list: ListKind, movies: readonly TransferEntry[], now: Date): string =>
  JSON.stringify(listExport(list, movies, now), null, 2)

/** What a named list's export is made from: the list and its films in the list's order. */
export interface NamedListSource {
  name: string
  description: string
  ranked: boolean
  movies: readonly TransferEntry[]
}

const SLUG_LENGTH = 60

/** A file name's part for a list: its letters and digits, in lower case, joined by dashes. */
export function listSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase('en')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
  const cut = Array.from(slug).slice(0, SLUG_LENGTH).join('').replace(/-+$/, '')
  return cut || 'list'
}

export const namedExportFileName = (name: string, extension: 'json' | 'csv', now: Date) =>
  `cinelist-list-${listSlug(name)}-${day(now)}.${extension}`

export function namedListExport(list: NamedListSource, now: Date) {
  const { movies } = listExport('favorites', list.movies, now)
  return {
    format: 'cinelist',
    version: 1,
    list: 'named',
    name: list.name,
    description: list.description,
    ranked: list.ranked,
    exportedAt: now.toISOString(),
    movies: movies.map((movie, index) => ({ position: index + 1, ...movie })),
  }
}

export const toNamedJson = (list: NamedListSource, now: Date): string =>
  JSON.stringify(namedListExport(list, now), null, 2)
