import { useEffect } from 'react'
import { StarRating } from '@/features/ratings/star-rating'
import { ratingMessages as m } from '@/features/ratings/messages'
import { ratings, useRating } from '@/lib/film-log/ratings-store'
import { StorageError } from '@/lib/storage'
import { notify } from '@/lib/toast'

/** The signed-in person's rating of one film, saved as it changes. */
export function RatingControl({ movieId, describedBy }: { movieId: number; describedBy?: string }) {
  useEffect(() => ratings.connect(), [])
  const value = useRating(movieId)
  return (
    <StarRating
      value={value}
      {...(describedBy ? { describedBy } : {})}
      onChange={(next) => {
        try {
          if (ratings.rate(movieId, next) === 'signed-out') notify.error(m.signedOut)
        } catch (error) {
          if (!(error instanceof StorageError)) throw error
          notify.error(m.storageFailed)
        }
      }}
    />
  )
}
