export const OFFLINE_MESSAGE =
  'You’re offline, and this page was not saved for offline use. It will load when the connection is back.'
