import { connectHideSeenToSession } from '@/features/lists/hide-seen'
import { seenList, watchlist } from '@/lib/movie-lists/list-store'

export function connectListsToSession(): () => void {
  const disconnects = [watchlist.connect(), seenList.connect(), connectHideSeenToSession()]
  return () => {
    for (const disconnect of disconnects) disconnect()
  }
}
