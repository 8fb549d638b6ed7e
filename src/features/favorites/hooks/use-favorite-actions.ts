import { useCallback } from 'react'
import { favoritesMessages } from '@/features/favorites/messages'
import { favorites } from '@/lib/movie-lists/favorites-store'
import type { ListEntry } from '@/lib/movie-lists/list-store'
import { StorageError } from '@/lib/storage'
import { notify } from '@/lib/toast'

function reportSaveFailure(error: unknown) {
  if (!(error instanceof StorageError)) throw error
  notify.error(favoritesMessages.saveFailed)
}

export function useFavoriteActions() {
  const add = useCallback((movie: Omit<ListEntry, 'added_at'>) => {
    try {
      const result = favorites.add(movie)
      if (result === 'signed-out') notify.error(favoritesMessages.loginFirst)
      else if (result === 'duplicate') notify.error(favoritesMessages.duplicate(movie.title))
      else notify.success(favoritesMessages.added(movie.title))
    } catch (error) {
      reportSaveFailure(error)
    }
  }, [])

  const remove = useCallback((movieId: number) => {
    try {
      favorites.remove(movieId)
      notify.success(favoritesMessages.removed)
    } catch (error) {
      reportSaveFailure(error)
    }
  }, [])

  return { add, remove }
}
