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

export function setHideSeen(hideSeen: boolean): void {
  const email = signedInEmail()
  if (!email) return
  // Recorded first: should the save fail, the account's next response brings the choice back.
  saveRecorder.current?.hideSeen(email, hideSeen)
  writeStored(hideSeenKey(email), { version: HIDE_SEEN_VERSION, hideSeen })
  useHideSeenStore.setState({ ownerEmail: email, hideSeen })
}

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

/** Stable while neither the choice nor the seen list changes. */
export function useUnseenFilter(): (movie: { id: number }) => boolean {
  const hideSeen = useHideSeenStore((state) => state.hideSeen)
  const seenIds = seenList.useStore((state) => state.ids)
  if (!hideSeen) return showAll
  return (movie) => !seenIds.has(movie.id)
}
