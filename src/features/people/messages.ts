export const personMessages = {
  loading: 'Loading...',
  failed: 'Failed to load this person',
  unnamed: 'Unnamed person',
  noBiography: (name: string) => `We don't have a biography for ${name}.`,
  demoHasNone: 'The demo catalog has no photos, dates or biographies of people.',
  readMore: 'Read more',
  readLess: 'Show less',
  knownFor: 'Known for',
  filmography: 'Filmography',
  noCredits: 'No films are listed for this person.',
  seenCount: (seen: number, total: number) => `You have seen ${String(seen)} of ${String(total)}`,
  allSeenHidden: 'Every film here is one you have seen.',
} as const
