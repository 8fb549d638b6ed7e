import type { UserData } from '@/features/auth/account-export'
import { hideSeenKey } from '@/features/lists/hide-seen'
import { syncStateKey } from '@/features/lists/sync/pending'
import { listExport, namedListExport } from '@/features/lists/transfer/json-export'
import { favorites } from '@/lib/movie-lists/favorites-store'
import { seenList, watchlist } from '@/lib/movie-lists/list-store'
import {
  indexKey as namedIndexKey,
  readIndex,
  readNamedLists,
  removeEntries,
} from '@/lib/movie-lists/named-lists'
import { signedInEmail } from '@/lib/session/user-storage'
import { removeStored } from '@/lib/storage'
import { servicesKey } from '@/lib/watch/services'

export const userData: UserData = {
  exportLists: (now) => ({
    favorites: listExport('favorites', favorites.read() ?? [], now),
    watchlist: listExport('watchlist', watchlist.read() ?? [], now),
    seen: listExport('seen', seenList.read() ?? [], now),
  }),
  exportOwnLists: (now) => {
    const email = signedInEmail()
    return email ? readNamedLists(email).map((list) => namedListExport(list, now)) : []
  },
  forget: (email) => {
    for (const { id } of readIndex(email)) removeEntries(email, id)
    for (const key of [
      namedIndexKey(email),
      favorites.key(email),
      watchlist.key(email),
      seenList.key(email),
      hideSeenKey(email),
      servicesKey(email),
      syncStateKey(email),
    ])
      removeStored(key)
  },
}
