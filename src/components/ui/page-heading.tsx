import type { ReactNode } from 'react'
import { useMarkPageContentHydrated } from '@/lib/page-hydration'

export function PageHeading({
  children,
  className = '',
}: {
  children: ReactNode
  className?: string
}) {
  useMarkPageContentHydrated()
  return (
    <h1
      tabIndex={-1}
      className={`text-3xl font-bold tracking-tight text-white outline-none ${className}`}
    >
      {children}
    </h1>
  )
}
