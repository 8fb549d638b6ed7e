import { useOnline } from '@/hooks/use-online'
import { isNetworkFailure } from '@/lib/offline'
import { OFFLINE_MESSAGE } from '@/lib/offline-message'

export default function OfflineMessage({ error }: { error?: unknown }) {
  const online = useOnline()
  if (online && !isNetworkFailure(error)) return null
  return <p className="pb-8 text-center text-slate-300">{OFFLINE_MESSAGE}</p>
}
