export { startListSync } from '@/features/lists/sync/engine'
export { forgetSyncedLists, signOutAfterSync } from '@/features/lists/sync/sign-out'
export { startListSyncState } from '@/features/lists/sync-start'
