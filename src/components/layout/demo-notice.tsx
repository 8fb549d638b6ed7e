import { lazy, Suspense } from 'react'
import { tmdbConfig } from '@/config/env'

/** Its text loads only in demo mode, below the fold: a build with a credential never asks. */
const DemoNoticeText = lazy(() => import('@/components/layout/demo-notice-text'))

export function DemoNotice() {
  if (!tmdbConfig.demo) return null
  return (
    <Suspense fallback={null}>
      <DemoNoticeText />
    </Suspense>
  )
}
