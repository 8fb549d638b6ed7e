import { useHydrated } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { useTmdb } from '@/lib/tmdb/use-tmdb'

const DemoNoticeText = lazy(() => import('@/components/layout/demo-notice-text'))

export function DemoNotice() {
  const { config } = useTmdb()
  // After hydration: the server's render cannot wait for the text's code.
  const hydrated = useHydrated()
  if (!config.demo || !hydrated) return null
  return (
    <Suspense fallback={null}>
      <DemoNoticeText proxied={config.proxied} />
    </Suspense>
  )
}
