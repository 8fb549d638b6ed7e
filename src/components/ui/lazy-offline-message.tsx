import { lazy, Suspense } from 'react'

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
