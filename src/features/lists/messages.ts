export const listMessages = {
  loginFirst: 'Please login first',
  dialogFailed: 'Could not open your lists. Check your connection and try again.',
  hideSeenSaveFailed: 'Your choice could not be saved: browser storage is full or turned off.',
  noMatch: (filter: string) => `No movies in this list match “${filter.trim()}”.`,
  streaming: {
    checking: (checked: number, total: number) =>
      `Checking where your films stream: ${checked.toLocaleString('en')} of ${total.toLocaleString('en')}`,
    failed: (count: number) =>
      `${count.toLocaleString('en')} ${count === 1 ? 'film' : 'films'} could not be checked: they are left out for now.`,
    none: (country: string) => `None of these films streams on your services in ${country}.`,
  },
  watchlist: {
    title: 'My Watchlist',
    nav: 'Watchlist',
    add: 'Add to Watchlist',
    on: 'On Watchlist',
    added: 'Added to watchlist',
    removed: 'Removed from watchlist',
    empty: 'No movies on your watchlist yet.',
    saveFailed: 'Your watchlist could not be saved: browser storage is full or turned off.',
    more: (count: number) => `Show more movies (${String(count)} more)`,
  },
  seen: {
    title: 'Seen',
    nav: 'Seen',
    add: 'Mark as seen',
    on: 'Seen',
    added: 'Marked as seen',
    removed: 'Marked as not seen',
    empty: 'No movies marked as seen yet.',
    saveFailed: 'Your seen list could not be saved: browser storage is full or turned off.',
    more: (count: number) => `Show more movies (${String(count)} more)`,
  },
} as const
