// Apart from messages.ts, which the entry loads: only the account page needs these.
export const myServicesMessages = {
  title: 'My services',
  backToAccount: 'Back to Account',
  accountLink: 'My services',
  accountLinkIntro: 'The streaming services you pay for:',
  intro:
    'The streaming services you pay for: a film on them comes first under Where to watch, and the Watchlist and home page can show only those.',
  country: 'Country',
  chosen: (count: number) =>
    count === 0
      ? 'No services chosen'
      : `${count.toLocaleString('en')} ${count === 1 ? 'service' : 'services'} chosen`,
  clear: 'Clear my services',
  find: 'Find a service',
  legend: (country: string) => `Streaming services in ${country}`,
  loading: 'Loading services…',
  failed: 'The services could not be loaded.',
  retry: 'Try again',
  none: (country: string) => `TMDB lists no streaming services in ${country}.`,
  noMatch: 'No service matches that name.',
  elsewhere: (country: string) => `not listed in ${country}`,
  saveFailed: 'Your services could not be saved: browser storage is full or turned off.',
} as const
