import { createFileRoute } from '@tanstack/react-router'
import { FavoritesList } from '@/features/favorites/components/favorites-list'
import { favoritesMessages } from '@/features/favorites/messages'
import { ListPage } from '@/features/lists/components/list-page'
import { parseListViewSearch } from '@/features/lists/list-view-search'
import { favorites } from '@/lib/movie-lists/favorites-store'
import { storedLists } from '@/routes/-components/stored-lists'
import { useListViewSearch } from '@/routes/-components/use-list-view-search'

export const Route = createFileRoute('/_authenticated/favorites')({
  validateSearch: parseListViewSearch,
  component: FavoritesPage,
})

function FavoritesPage() {
  const movies = favorites.useStore((state) => state.movies)
  return (
    <ListPage
      heading="My Favorites"
      movies={movies}
      emptyMessage={favoritesMessages.empty}
      {...useListViewSearch(Route)}
      renderList={(shown) => <FavoritesList movies={shown} />}
      transfer={{ kind: 'favorites', lists: storedLists }}
    />
  )
}
