export const pwaMessages = {
  offline: 'You’re offline',
  offlineDetail: ' · pages you have visited still show.',
  update: 'A new version is available',
  reload: 'Reload',
} as const
