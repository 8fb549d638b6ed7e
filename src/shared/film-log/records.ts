// A person's ratings and viewings: the rules the page and the server share.
import { holdsControls } from '../text'

/** Half stars: 1 is ½ star, 10 is 5 stars. Letterboxd's 0.5–5 doubles, Trakt's 1–10 is the same. */
export const MIN_RATING = 1
export const MAX_RATING = 10
export const MAX_NOTE = 20_000
/** The first films: a viewing dated before this is a typing mistake. */
export const FIRST_VIEWING_DAY = '1870-01-01'
export const MAX_TAGS = 50
export const MAX_TAG = 100

export const isRating = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= MIN_RATING && value <= MAX_RATING

/** "3½ stars" and so on: the name a screen reader says for a rating. */
export function ratingName(value: number): string {
  const whole = Math.floor(value / 2)
  const half = value % 2 === 1
  if (whole === 0) return '½ star'
  const stars = `${String(whole)}${half ? '½' : ''}`
  return `${stars} ${whole === 1 && !half ? 'star' : 'stars'}`
}

/** A rating's edit: `value` null is a rating cleared, kept so that an older one cannot return. */
export interface RatingEdit {
  movieId: number
  value: number | null
  editedAt: number
}

/** What a chart needs of the film, kept with the viewing so that the charts ask TMDB nothing. */
export interface ViewingFilm {
  title: string
  poster_path: string | null
  release_date: string | null
  /** Minutes; null until known. */
  runtime: number | null
  genres: number[]
  directors: { id: number; name: string }[]
}

export interface Viewing {
  movieId: number
  /** The day watched, `YYYY-MM-DD`, in the person's own calendar. */
  watchedOn: string
  rating: number | null
  rewatch: boolean
  note: string
  spoilers: boolean
  tags: string[]
  film: ViewingFilm
}

/** A viewing's edit, by the id the device that logged it chose; deleted, it keeps no data. */
export interface ViewingEdit {
  id: string
  present: boolean
  editedAt: number
  viewing?: Viewing
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/

/** A real calendar day in `YYYY-MM-DD`, or null. */
export function calendarDay(value: string): string | null {
  const match = DAY.exec(value)
  if (!match) return null
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
    ? value
    : null
}

export type ViewingProblem =
  'date' | 'future' | 'too-early' | 'rating' | 'note-long' | 'note-characters' | 'tags'

/**
 * What is wrong with a viewing, or null. `latestDay` is the last day that is not in the future:
 * the server allows a day ahead of its own, as the person's calendar may be.
 */
export function viewingProblem(viewing: Viewing, latestDay: string): ViewingProblem | null {
  if (calendarDay(viewing.watchedOn) === null) return 'date'
  if (viewing.watchedOn > latestDay) return 'future'
  if (viewing.watchedOn < FIRST_VIEWING_DAY) return 'too-early'
  if (viewing.rating !== null && !isRating(viewing.rating)) return 'rating'
  if (Array.from(viewing.note).length > MAX_NOTE) return 'note-long'
  if (holdsControls(viewing.note, { lineBreaks: true })) return 'note-characters'
  if (
    viewing.tags.length > MAX_TAGS ||
    viewing.tags.some(
      (tag) => tag.trim() === '' || Array.from(tag).length > MAX_TAG || holdsControls(tag),
    )
  )
    return 'tags'
  return null
}

/** The day in `YYYY-MM-DD` of `time` where the person is (its local calendar). */
export function localDay(time: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${String(time.getFullYear())}-${pad(time.getMonth() + 1)}-${pad(time.getDate())}`
}

/** > 0 when `a` wins: the later; at the same time a clearing; then the greater value. */
export function compareRatingEdits(a: RatingEdit, b: RatingEdit): number {
  if (a.editedAt !== b.editedAt) return a.editedAt > b.editedAt ? 1 : -1
  if (a.value === b.value) return 0
  if (a.value === null) return 1
  if (b.value === null) return -1
  return a.value > b.value ? 1 : -1
}

/** Fixed key order, so equal viewings give equal text whatever order their fields were set in. */
function canonicalViewing(edit: ViewingEdit): string {
  const v = edit.viewing
  return JSON.stringify(
    v
      ? [
          v.movieId,
          v.watchedOn,
          v.rating,
          v.rewatch,
          v.note,
          v.spoilers,
          v.tags,
          [
            v.film.title,
            v.film.poster_path,
            v.film.release_date,
            v.film.runtime,
            v.film.genres,
            v.film.directors.map((d) => [d.id, d.name]),
          ],
        ]
      : null,
  )
}

/** > 0 when `a` wins: the later; at the same time a deletion; then the greater text. */
export function compareViewingEdits(a: ViewingEdit, b: ViewingEdit): number {
  if (a.editedAt !== b.editedAt) return a.editedAt > b.editedAt ? 1 : -1
  if (a.present !== b.present) return a.present ? -1 : 1
  const left = canonicalViewing(a)
  const right = canonicalViewing(b)
  return left === right ? 0 : left > right ? 1 : -1
}

/** Merges edits into what is held, per key the winner; the same edits twice change nothing. */
export function mergeByKey<E>(
  held: ReadonlyMap<string, E>,
  edits: Iterable<E>,
  keyOf: (edit: E) => string,
  compare: (a: E, b: E) => number,
): Map<string, E> {
  const merged = new Map(held)
  for (const edit of edits) {
    const key = keyOf(edit)
    const current = merged.get(key)
    if (!current || compare(edit, current) > 0) merged.set(key, edit)
  }
  return merged
}
