import type { CurrentUser } from '@/lib/session/session-store'

/** What this browser keeps for a user besides the account itself: their lists and choices. */
export interface UserData {
  /** The signed-in user's lists by name, each as its own export file holds it. */
  exportLists: (now: Date) => Record<string, unknown>
  /** Removes all of it for the user of `email`. */
  forget: (email: string) => void
}

export const accountExportFileName = (now: Date) =>
  `cinelist-account-${now.toISOString().slice(0, 10)}.json`

/** "Export my data": the profile and every list, in one JSON file. */
export function accountExport(user: CurrentUser, lists: Record<string, unknown>, now: Date) {
  return JSON.stringify(
    {
      format: 'cinelist-account',
      version: 1,
      exportedAt: now.toISOString(),
      profile: { name: user.name, email: user.email },
      lists,
    },
    null,
    2,
  )
}
