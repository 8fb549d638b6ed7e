import { createFileRoute } from '@tanstack/react-router'
import {
  readSignedInFavorites,
  replaceFavorites,
  useFavoritesStore,
} from '@/features/favorites/favorites-store'
import { FavoritesList } from '@/features/favorites/components/favorites-list'
import { favoritesMessages } from '@/features/favorites/messages'
import { ListPage } from '@/features/lists/components/list-page'
import { FAVORITES_DEFAULT_SORT, parseFavoritesViewSearch } from '@/features/lists/list-view'

export const Route = createFileRoute('/_authenticated/favorites')({
  validateSearch: parseFavoritesViewSearch,
  component: FavoritesPage,
})

function FavoritesPage() {
  const movies = useFavoritesStore((state) => state.movies)
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <ListPage
      heading="My Favorites"
      movies={movies}
      emptyMessage={favoritesMessages.empty}
      search={search}
      onSearchChange={(next) => {
        // replace: each keystroke in the filter must not add a history entry.
        void navigate({ search: next, replace: true })
      }}
      renderList={(shown) => <FavoritesList movies={shown} />}
      transfer={{ kind: 'favorites', read: readSignedInFavorites, replace: replaceFavorites }}
      defaultSort={FAVORITES_DEFAULT_SORT}
    />
  )
}
