export const favoritesMessages = {
  loginFirst: 'Please login first',
  duplicate: (title: string) => `"${title}" is already in favorites.`,
  added: (title: string) => `Added "${title}" to favorites!`,
  removed: 'Removed from favorites',
  inFavorites: 'In Favorites',
  removeFromFavorites: 'Remove from Favorites',
  empty: 'No favorite movies yet.',
  saveFailed: 'Your favorites could not be saved: browser storage is full or turned off.',
} as const
