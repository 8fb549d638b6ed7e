import { lazy, Suspense } from 'react'

/**
 * The offline message's code loads only once a page has failed, so it is in no page's first
 * download. Out of reach itself (offline, never kept), it shows nothing: the failure text stays.
 */
const Message = lazy(() =>
  import('@/components/ui/offline-message').catch(() => ({ default: () => null })),
)

export function LazyOfflineMessage({ error }: { error?: unknown }) {
  return (
    <Suspense fallback={null}>
      <Message error={error} />
    </Suspense>
  )
}
