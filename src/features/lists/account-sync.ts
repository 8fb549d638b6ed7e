/**
 * The lists' sync with the account (server mode only), for the rest of the app: loaded on
 * demand, once someone is signed in.
 */
export { startListSync } from '@/features/lists/sync/engine'
export { forgetSyncedLists, signOutAfterSync } from '@/features/lists/sync/sign-out'
export { startListSyncState } from '@/features/lists/sync-start'
