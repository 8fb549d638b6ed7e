import type { StoredLists } from '@/features/lists/transfer/save-lists'
import { favorites } from '@/lib/movie-lists/favorites-store'
import { seenList, watchlist } from '@/lib/movie-lists/list-store'

export const storedLists: StoredLists = { favorites, watchlist, seen: seenList }
