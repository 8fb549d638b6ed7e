/** content="server" when the app's server keeps the accounts (src/config/accounts-mode.ts). */
export const ACCOUNTS_META = 'cinelist-accounts'
