import type { ErrorComponentProps } from '@tanstack/react-router'
import { useEffect } from 'react'
import { RetryButton } from '@/components/errors/retry-button'
import { PageHeading } from '@/components/ui/page-heading'

export function DefaultErrorComponent({ error, reset }: ErrorComponentProps) {
  useEffect(() => {
    console.error(error)
  }, [error])

  return (
    <section
      role="alert"
      className="mx-auto flex max-w-xl flex-col items-center gap-6 py-20 text-center"
    >
      <PageHeading>Something went wrong</PageHeading>
      <p className="text-slate-300">This part of the page could not be shown.</p>
      <RetryButton reset={reset} className="btn-primary" />
    </section>
  )
}
