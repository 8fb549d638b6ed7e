import { connectHideSeenToSession } from '@/features/lists/hide-seen'
import { seenList, watchlist } from '@/lib/movie-lists/list-store'

/** Follow the session with both lists and the "Hide seen" choice; returns the disconnect. */
export function connectListsToSession(): () => void {
  const disconnects = [watchlist.connect(), seenList.connect(), connectHideSeenToSession()]
  return () => {
    for (const disconnect of disconnects) disconnect()
  }
}
