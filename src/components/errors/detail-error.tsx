import { useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { useEffect } from 'react'
import { RetryButton } from '@/components/errors/retry-button'
import { DocumentTitle } from '@/components/ui/document-title'
import { LazyOfflineMessage } from '@/components/ui/lazy-offline-message'
import { PageHeading } from '@/components/ui/page-heading'
import { StatusMessage } from '@/components/ui/status-message'
import { TmdbError } from '@/lib/tmdb'

/** A detail page (a movie's, a person's) whose TMDB request failed: Try again, or back online. */
export function DetailError({
  error,
  reset,
  title,
  heading,
  message,
}: ErrorComponentProps & { title: string; heading: string; message: string }) {
  const router = useRouter()
  // Loader errors are already logged by the query cache; anything else is a bug worth seeing.
  useEffect(() => {
    if (!(error instanceof TmdbError)) console.error(error)
  }, [error])
  useEffect(() => {
    const retry = () => {
      reset()
      void router.invalidate()
    }
    window.addEventListener('online', retry)
    return () => {
      window.removeEventListener('online', retry)
    }
  }, [reset, router])
  return (
    <>
      <DocumentTitle title={title} />
      <PageHeading className="sr-only">{heading}</PageHeading>
      <StatusMessage tone="error">{message}</StatusMessage>
      <LazyOfflineMessage error={error} />
      <div className="text-center">
        <RetryButton reset={reset} className="btn-secondary" />
      </div>
    </>
  )
}
