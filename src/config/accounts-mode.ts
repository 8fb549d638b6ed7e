/**
 * Where accounts live: in this browser (a static host, as behaviour §1 has it), or on the app's
 * own server, which says so in a meta tag it writes into index.html. Read from the page, with
 * no request, so the first paint waits for nothing. (Plain code: the entry chunk reads it.)
 */
import { ACCOUNTS_META } from '@/shared/accounts-meta'

export type AccountsMode = 'local' | 'server'

/** "server" only when the page says so; no tag, or any other value, means the browser's own. */
export const readAccountsMode = (doc: Document): AccountsMode =>
  doc.querySelector(`meta[name="${ACCOUNTS_META}"][content="server"]`) ? 'server' : 'local'

/** This page's accounts mode (read each time: tests switch it; a page's never changes). */
export const accountsMode = (): AccountsMode => readAccountsMode(document)
