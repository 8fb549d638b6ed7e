export const movieMessages = {
  loading: 'Loading...',
  detailFailed: 'Failed to load movie details',
  noMatches: 'No movies match these filters',
  clearFilters: 'Clear filters',
} as const
