import { connectHideSeenToSession } from '@/features/lists/hide-seen'
import { seenList, watchlist } from '@/lib/movie-lists/list-store'
import { connectServicesToSession } from '@/lib/watch/services'

export function connectListsToSession(): () => void {
  const disconnects = [
    watchlist.connect(),
    seenList.connect(),
    connectHideSeenToSession(),
    connectServicesToSession(),
  ]
  return () => {
    for (const disconnect of disconnects) disconnect()
  }
}
