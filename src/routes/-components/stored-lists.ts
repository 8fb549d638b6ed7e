import { favorites } from '@/features/favorites/favorites-store'
import { seenList, watchlist } from '@/features/lists/list-store'
import type { StoredLists } from '@/features/lists/transfer/save-lists'

/** Every list an import may write: a Letterboxd export fills all three from any list page. */
export const storedLists: StoredLists = { favorites, watchlist, seen: seenList }
