import type { MovieActions } from '@/components/ui/movie-slots'
import { AddToFavoritesButton } from '@/features/favorites/add-to-favorites-button'
import { ListToggles } from '@/features/lists/list-toggles'

/** A movie card's and the movie page's: add to favorites, then the watchlist and seen toggles. */
export const FavoriteAndListActions: MovieActions = ({ movie, title, describedBy }) => (
  <>
    <AddToFavoritesButton movie={movie} title={title} describedBy={describedBy} />
    <ListToggles movie={movie} title={title} describedBy={describedBy} />
  </>
)

/** A poster tile's (search results, "More like this"): the watchlist and seen toggles. */
export const ListActions: MovieActions = ({ movie, title, describedBy }) => (
  <ListToggles movie={movie} title={title} describedBy={describedBy} />
)
