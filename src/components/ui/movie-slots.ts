import type { ComponentType } from 'react'
import type { MovieSummary } from '@/lib/tmdb'

/**
 * What a movie's card, tile or page lets one do with it: a slot the route fills (the lists'
 * buttons, src/app/movie-actions.tsx), so the views that show movies need not know the lists.
 */
export type MovieActions = ComponentType<{
  movie: MovieSummary
  /** The title as shown, its fallback included. */
  title: string
  /** The id of the element showing the title, which each action is described by. */
  describedBy?: string | undefined
}>

/** Which movies a grid keeps (with "Hide seen", those not on the seen list). */
export type MovieFilter = (movie: { id: number }) => boolean

export const keepAll: MovieFilter = () => true
