/**
 * "Hide seen": whether Home and Search leave out the movies on the seen list. Remembered per
 * user, in storage like the lists (versioned, validated, followed across tabs).
 */
import { create } from 'zustand'
import { seenList } from '@/lib/movie-lists/list-store'
import { saveRecorder } from '@/lib/movie-lists/save-recorder'
import type { CurrentUser } from '@/lib/session/session-store'
import { followSession, signedInEmail, userKey } from '@/lib/session/user-storage'
import { readStored, writeStored } from '@/lib/storage'
import * as v from '@/lib/validate'

export const HIDE_SEEN_VERSION = 1
const storedHideSeenSchema = v.object({
  version: v.literal(HIDE_SEEN_VERSION),
  hideSeen: v.boolean(),
})

export const hideSeenKey = (email: string) => userKey('hide-seen', email)

interface HideSeenState {
  ownerEmail: string | null
  hideSeen: boolean
}

export const useHideSeenStore = create<HideSeenState>()(() => ({
  ownerEmail: null,
  hideSeen: false,
}))

function load(user: CurrentUser | null) {
  useHideSeenStore.setState({
    ownerEmail: user?.email ?? null,
    hideSeen: user ? readHideSeen(user.email) : false,
  })
}

/** Throws StorageError when the choice cannot be saved; the state is then unchanged. */
export function setHideSeen(hideSeen: boolean): void {
  const email = signedInEmail()
  if (!email) return
  // With accounts on the server the change is kept to send, first: should the choice then fail
  // to save, the account's answer brings the same choice back at the next sync.
  saveRecorder.current?.hideSeen(email, hideSeen)
  writeStored(hideSeenKey(email), { version: HIDE_SEEN_VERSION, hideSeen })
  useHideSeenStore.setState({ ownerEmail: email, hideSeen })
}

/** A user's stored choice (false when none). */
export const readHideSeen = (email: string): boolean =>
  readStored(hideSeenKey(email), storedHideSeenSchema)?.hideSeen ?? false

export function connectHideSeenToSession(): () => void {
  return followSession({
    key: hideSeenKey,
    heldBy: () => useHideSeenStore.getState().ownerEmail,
    load,
  })
}

const showAll = () => true

/**
 * What a movie grid should keep: with "Hide seen" on, the movies not on the seen list.
 * A stable function while neither the choice nor the seen list changes.
 */
export function useUnseenFilter(): (movie: { id: number }) => boolean {
  const hideSeen = useHideSeenStore((state) => state.hideSeen)
  const seenIds = seenList.useStore((state) => state.ids)
  if (!hideSeen) return showAll
  return (movie) => !seenIds.has(movie.id)
}
