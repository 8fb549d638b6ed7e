import type { CurrentUser } from '@/lib/session/session-store'

export interface UserData {
  exportLists: (now: Date) => Record<string, unknown>
  forget: (email: string) => void
}

export const accountExportFileName = (now: Date) =>
  `cinelist-account-${now.toISOString().slice(0, 10)}.json`

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
