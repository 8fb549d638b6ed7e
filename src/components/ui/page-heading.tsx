import type { ReactNode } from 'react'

export function PageHeading({
  children,
  className = '',
}: {
  children: ReactNode
  className?: string
}) {
  return (
    <h1
      tabIndex={-1}
      className={`text-3xl font-bold tracking-tight text-white outline-none ${className}`}
    >
      {children}
    </h1>
  )
}
