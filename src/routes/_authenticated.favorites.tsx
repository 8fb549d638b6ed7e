import { createFileRoute } from '@tanstack/react-router'
import { DocumentTitle } from '@/components/ui/document-title'
import { PageHeading } from '@/components/ui/page-heading'
import { FavoritesList } from '@/features/favorites/components/favorites-list'

export const Route = createFileRoute('/_authenticated/favorites')({
  component: FavoritesPage,
})

function FavoritesPage() {
  return (
    <>
      <DocumentTitle title="My Favorites" />
      <PageHeading className="mb-6">My Favorites</PageHeading>
      <FavoritesList />
    </>
  )
}
