import type { CurrentUser } from '@/lib/session/session-store'

export interface UserData {
  exportLists: (now: Date) => Record<string, unknown>
  /** The person's own lists, each as its page's "Export JSON" writes it. */
  exportOwnLists: (now: Date) => unknown[]
  forget: (email: string) => void
}

export const accountExportFileName = (now: Date) =>
  `cinelist-account-${now.toISOString().slice(0, 10)}.json`

export function accountExport(
  user: CurrentUser,
  lists: Record<string, unknown>,
  ownLists: readonly unknown[],
  now: Date,
) {
  return JSON.stringify(
    {
      format: 'cinelist-account',
      version: 1,
      exportedAt: now.toISOString(),
      profile: { name: user.name, email: user.email },
      lists,
      // Only when there are some: an account without them exports as it always has.
      ...(ownLists.length > 0 ? { ownLists } : {}),
    },
    null,
    2,
  )
}
