import type { StoredLists } from '@/features/lists/transfer/save-lists'
import { favorites } from '@/lib/movie-lists/favorites-store'
import { seenList, watchlist } from '@/lib/movie-lists/list-store'

/** Every list an import may write: a Letterboxd export fills all three from any list page. */
export const storedLists: StoredLists = { favorites, watchlist, seen: seenList }
