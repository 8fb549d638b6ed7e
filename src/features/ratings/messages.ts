export const ratingMessages = {
  legend: 'Your rating',
  clear: 'Clear rating',
  rated: (name: string) => `Your rating: ${name}`,
  cleared: 'Rating cleared',
  signedOut: 'Log in to rate films.',
  storageFailed: 'Could not save the rating: your browser’s storage is full or turned off.',
} as const
