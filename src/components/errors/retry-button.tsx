import { useQueryErrorResetBoundary } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'

/**
 * "Try again" for a route's error component: clears the failed queries' error state and runs
 * the route's loader again.
 */
export function RetryButton({
  reset,
  className,
  retryWhenOnline = false,
}: {
  reset: () => void
  className: string
  /** Also tries again, by itself, when the browser's connection comes back. */
  retryWhenOnline?: boolean
}) {
  const router = useRouter()
  const queryErrorResetBoundary = useQueryErrorResetBoundary()
  useEffect(() => {
    queryErrorResetBoundary.reset()
  }, [queryErrorResetBoundary])
  useEffect(() => {
    if (!retryWhenOnline) return
    const retry = () => {
      reset()
      void router.invalidate()
    }
    window.addEventListener('online', retry)
    return () => {
      window.removeEventListener('online', retry)
    }
  }, [retryWhenOnline, reset, router])

  return (
    <button
      type="button"
      className={className}
      onClick={() => {
        reset()
        void router.invalidate()
      }}
    >
      Try again
    </button>
  )
}
