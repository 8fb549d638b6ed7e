// Read from the meta tag the server writes, so the first paint waits for no request.
import { ACCOUNTS_META } from '@/shared/accounts-meta'

export type AccountsMode = 'local' | 'server'

export const readAccountsMode = (doc: Document): AccountsMode =>
  doc.querySelector(`meta[name="${ACCOUNTS_META}"][content="server"]`) ? 'server' : 'local'

// Read each time: tests switch it.
export const accountsMode = (): AccountsMode => readAccountsMode(document)
