import { createFileRoute } from '@tanstack/react-router'
import { NamedListsPage } from '@/features/lists/named/named-lists-page'

export const Route = createFileRoute('/_authenticated/lists')({
  component: NamedListsPage,
})
