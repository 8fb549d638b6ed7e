import { useQueryErrorResetBoundary } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'

export function RetryButton({ reset, className }: { reset: () => void; className: string }) {
  const router = useRouter()
  const queryErrorResetBoundary = useQueryErrorResetBoundary()
  useEffect(() => {
    queryErrorResetBoundary.reset()
  }, [queryErrorResetBoundary])

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
