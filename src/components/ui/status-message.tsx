import type { ReactNode } from 'react'

export function StatusMessage({
  children,
  tone = 'info',
}: {
  children: ReactNode
  tone?: 'info' | 'error'
}) {
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      className={`py-12 text-center text-lg ${tone === 'error' ? 'text-red-300' : 'text-slate-300'}`}
    >
      {children}
    </p>
  )
}
