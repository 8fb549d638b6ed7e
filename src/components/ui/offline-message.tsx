import { useOnline } from '@/hooks/use-online'
import { isNetworkFailure } from '@/lib/offline'
import { OFFLINE_MESSAGE } from '@/lib/offline-message'

/**
 * Says that the connection is missing, beside a failure text (or in place of content), while
 * the browser is offline or when `error` is a request that got no answer at all. With the
 * connection up and TMDB answering, it shows nothing.
 */
export default function OfflineMessage({ error }: { error?: unknown }) {
  const online = useOnline()
  if (online && !isNetworkFailure(error)) return null
  return <p className="pb-8 text-center text-slate-300">{OFFLINE_MESSAGE}</p>
}
