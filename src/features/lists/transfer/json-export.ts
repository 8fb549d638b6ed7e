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
