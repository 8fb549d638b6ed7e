import { create } from 'zustand'
import type { CurrentUser } from '@/lib/session/session-store'
import { followSession, signedInEmail, userKey } from '@/lib/session/user-storage'
import { readStored, writeStored } from '@/lib/storage'
import * as v from '@/lib/validate'
import { isRating } from '@/shared/film-log/records'

export const RATINGS_VERSION = 1

const storedSchema = v.object({
  version: v.literal(RATINGS_VERSION),
  ratings: v.array(
    v.object({
      id: v.number(),
      value: v.refine(v.number(), isRating, 'a rating from 1 to 10'),
      /** ISO time of the rating, for "Your rating" ties and the sync. */
      ratedAt: v.string(),
    }),
  ),
})

export type StoredRating = v.Infer<typeof storedSchema>['ratings'][number]

export const ratingsKey = (email: string) => userKey('ratings', email)

export const readRatings = (email: string): StoredRating[] =>
  readStored(ratingsKey(email), storedSchema)?.ratings ?? []

interface RatingsState {
  ownerEmail: string | null
  /** Half stars (1–10) by movie id. */
  byMovie: ReadonlyMap<number, number>
}

const toState = (ownerEmail: string | null, ratings: readonly StoredRating[]): RatingsState => ({
  ownerEmail,
  byMovie: new Map(ratings.map((rating) => [rating.id, rating.value])),
})

export const useRatings = create<RatingsState>()(() => toState(null, []))

export type RateResult = 'rated' | 'cleared' | 'signed-out' | 'invalid'

/** The person's ratings, half stars 1–10, kept in the browser like the lists. */
export const ratings = {
  /** `value` null clears it. Re-reads before writing, so another tab's ratings are kept. */
  rate(movieId: number, value: number | null): RateResult {
    const email = signedInEmail()
    if (!email) return 'signed-out'
    if (value !== null && !isRating(value)) return 'invalid'
    const others = readRatings(email).filter((rating) => rating.id !== movieId)
    const next =
      value === null
        ? others
        : [...others, { id: movieId, value, ratedAt: new Date().toISOString() }]
    writeStored(ratingsKey(email), { version: RATINGS_VERSION, ratings: next })
    useRatings.setState(toState(email, next))
    return value === null ? 'cleared' : 'rated'
  },
  connect: () =>
    followSession({
      key: ratingsKey,
      heldBy: () => useRatings.getState().ownerEmail,
      load: (user: CurrentUser | null) => {
        useRatings.setState(user ? toState(user.email, readRatings(user.email)) : toState(null, []))
      },
    }),
}

export const useRating = (movieId: number): number | null =>
  useRatings((state) => state.byMovie.get(movieId) ?? null)
