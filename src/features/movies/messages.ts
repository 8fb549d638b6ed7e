export const movieMessages = {
  loading: 'Loading...',
  detailFailed: 'Failed to load movie details',
} as const
