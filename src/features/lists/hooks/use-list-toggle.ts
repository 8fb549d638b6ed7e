import { useCallback } from 'react'
import { listMessages } from '@/features/lists/messages'
import type { ListEntry, MovieListStore } from '@/lib/movie-lists/list-store'
import { StorageError } from '@/lib/storage'
import { notify } from '@/lib/toast'

export function useListToggle(list: MovieListStore, movieId: number) {
  const listed = list.useStore((state) => state.ids.has(movieId))
  const toggle = useCallback(
    (movie: Omit<ListEntry, 'added_at'>) => {
      const messages = listMessages[list.name]
      try {
        const result = list.toggle(movie)
        if (result === 'signed-out') notify.error(listMessages.loginFirst)
        else notify.success(result === 'added' ? messages.added : messages.removed)
      } catch (error) {
        if (!(error instanceof StorageError)) throw error
        notify.error(messages.saveFailed)
      }
    },
    [list],
  )
  return { listed, toggle }
}
