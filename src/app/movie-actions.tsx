import type { MovieActions } from '@/components/ui/movie-slots'
import { AddToFavoritesButton } from '@/features/favorites/add-to-favorites-button'
import { ListToggles } from '@/features/lists/list-toggles'

export const FavoriteAndListActions: MovieActions = ({ movie, title, describedBy }) => (
  <>
    <AddToFavoritesButton movie={movie} title={title} describedBy={describedBy} />
    <ListToggles movie={movie} title={title} describedBy={describedBy} />
  </>
)

/** For poster tiles (search results, "More like this"): the list toggles, no favorites button. */
export const ListActions: MovieActions = ({ movie, title, describedBy }) => (
  <ListToggles movie={movie} title={title} describedBy={describedBy} />
)
