/** Two films as the lists keep them (a card's fields), for the list and sync tests. */
export const matrix = {
  id: 603,
  title: 'The Matrix',
  poster_path: '/m.jpg',
  release_date: '1999-03-31',
  vote_average: 8.2,
}

export const alien = {
  id: 348,
  title: 'Alien',
  poster_path: null,
  release_date: '1979-05-25',
  vote_average: 8.1,
}
