import type { ReactNode } from 'react'
import { useMarkPageContentHydrated } from '@/lib/page-hydration'

export function PageHeading({
  children,
  className = '',
  dir,
}: {
  children: ReactNode
  className?: string
  /** `auto` for a name someone typed, which may be written right to left. */
  dir?: 'auto'
}) {
  useMarkPageContentHydrated()
  return (
    <h1
      tabIndex={-1}
      dir={dir}
      className={`text-3xl font-bold tracking-tight text-white outline-none ${className}`}
    >
      {children}
    </h1>
  )
}
