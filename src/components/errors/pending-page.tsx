import { useMarkPageContentHydrated } from '@/lib/page-hydration'

export function PendingPage() {
  useMarkPageContentHydrated()
  return (
    <p role="status" className="py-16 text-center text-slate-300">
      Loading...
    </p>
  )
}
