import { zipSync } from 'fflate'
import { readRealData } from './real-data'

/** The folder Letterboxd's export unzips to (its ZIP holds the files at its top). */
export const EXPORT_FOLDER = 'letterboxd-extratone-2024-04-27-10-00-utc/'

/**
 * A Letterboxd export ZIP made of real files: extratone's watchlist, watched, diary and ratings
 * (not imported) and agosvenezia's "2010 Ranked" list under lists/, in one top folder as
 * someone who unzipped and zipped it again would have it. Two people's files: no real export
 * of both a diary and a list was found.
 */
export function letterboxdExportZip(
  extra: Record<string, Uint8Array> = {},
): Uint8Array<ArrayBuffer> {
  const file = readRealData
  return zipSync({
    [`${EXPORT_FOLDER}watchlist.csv`]: file('letterboxd/extratone/watchlist.csv'),
    [`${EXPORT_FOLDER}watched.csv`]: file('letterboxd/extratone/watched.csv'),
    [`${EXPORT_FOLDER}diary.csv`]: file('letterboxd/extratone/diary.csv'),
    [`${EXPORT_FOLDER}ratings.csv`]: file('letterboxd/extratone/ratings.csv'),
    [`${EXPORT_FOLDER}lists/2010-ranked.csv`]: file('letterboxd/agosvenezia/lists-2010-ranked.csv'),
    ...extra,
  })
}

/** A valid watched.csv of over 5 MB, which deflates to a few kilobytes: a ZIP bomb's content. */
export const ZIP_BOMB_CSV = new TextEncoder().encode(
  `Date,Name,Year,Letterboxd URI\n${'2024-01-01,Heat,1995,https://boxd.it/h\n'.repeat(150_000)}`,
)
