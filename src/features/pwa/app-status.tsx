import { OfflineNotice } from '@/features/pwa/offline-notice'
import { UpdatePrompt } from '@/features/pwa/update-prompt'

export function AppStatus() {
  return (
    <aside
      aria-label="App status"
      className="pointer-events-none fixed right-4 bottom-4 z-50 flex max-w-sm flex-col items-end gap-2 [&_button]:pointer-events-auto"
    >
      <OfflineNotice />
      <UpdatePrompt />
    </aside>
  )
}
