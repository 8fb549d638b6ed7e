export const searchMessages = {
  placeholder: 'Enter movie title...',
  prompt: 'Enter a movie title to start searching',
  loading: 'Loading...',
  noResults: 'No movies found',
  error: 'Error fetching data',
  searchFor: 'Search for',
  movies: 'Movies',
  people: 'People',
  peopleHeading: 'Search People',
  peoplePlaceholder: 'Enter a name...',
  peopleLabel: 'Name',
} as const
