/**
 * TMDB answers written out by hand, richer than the demo catalog's: for scenarios in the
 * component tests and the browser tests alike.
 */

/** A full TMDB detail body, as for "The Dark Knight" with every appended part. */
export const darkKnightDetail = {
  id: 155,
  title: 'The Dark Knight',
  overview: 'Batman raises the stakes in his war on crime.',
  poster_path: '/dark-knight.jpg',
  release_date: '2008-07-16',
  vote_average: 8.5,
  genres: [{ id: 18, name: 'Drama' }],
  runtime: 152,
  budget: 185_000_000,
  revenue: 1_004_558_444,
  credits: {
    cast: Array.from({ length: 12 }, (_, index) => ({
      id: 100 + index,
      name: `Actor ${String(index + 1)}`,
      character: `Role ${String(index + 1)}`,
      // Billed in reverse of the list order, to show the order is TMDB's billing.
      order: 11 - index,
    })),
    crew: [
      { id: 1, name: 'Christopher Nolan', job: 'Director' },
      { id: 2, name: 'Emma Thomas', job: 'Producer' },
      { id: 3, name: 'Second Director', job: 'Director' },
    ],
  },
  videos: {
    results: [
      { key: 'teaser1', site: 'YouTube', type: 'Teaser', official: true },
      { key: 'fanmade', site: 'YouTube', type: 'Trailer', official: false },
      { key: 'vimeo1', site: 'Vimeo', type: 'Trailer', official: true },
      { key: 'EXeTwQWrcwY', site: 'YouTube', type: 'Trailer', official: true },
      { key: 'later', site: 'YouTube', type: 'Trailer', official: true },
    ],
  },
  release_dates: {
    results: [
      { iso_3166_1: 'GB', release_dates: [{ certification: '12A', type: 3 }] },
      {
        iso_3166_1: 'US',
        release_dates: [
          { certification: '', type: 1 },
          { certification: 'PG-13', type: 3 },
        ],
      },
    ],
  },
  recommendations: {
    page: 1,
    results: Array.from({ length: 14 }, (_, index) => ({
      id: 1000 + index,
      title: `Recommended ${String(index + 1)}`,
      poster_path: index === 0 ? null : `/rec-${String(index)}.jpg`,
    })),
    total_pages: 1,
  },
}
