export const movieMessages = {
  loading: 'Loading...',
  detailFailed: 'Failed to load movie details',
  noMatches: 'No movies match these filters',
  clearFilters: 'Clear filters',
  whereToWatch: 'Where to watch',
  region: 'Region',
  notStreaming: (country: string) => `Not available to stream in ${country}`,
  demoHasNoStreaming: 'The demo catalog has no streaming data.',
  justWatch: 'Data from JustWatch',
  onYourServices: 'On your services',
  notOnYourServices: (country: string) => `Not streaming on your services in ${country}`,
  onChosenServices: 'on chosen services',
} as const
