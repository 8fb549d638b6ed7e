import type { ComponentType } from 'react'
import type { MovieSummary } from '@/lib/tmdb'

/** A slot the route fills (the lists' buttons), so views that show movies need not know the lists. */
export type MovieActions = ComponentType<{
  movie: MovieSummary
  title: string
  describedBy?: string | undefined
}>

export type MovieFilter = (movie: { id: number }) => boolean

export const keepAll: MovieFilter = () => true
