export const themeMessages = {
  saveFailed: 'Your theme could not be saved: browser storage is full or turned off.',
} as const
