/** A TMDB id as a URL spells it (a movie's, a person's), or null for anything else. */
export function parseTmdbId(raw: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(raw)) return null
  const id = Number(raw)
  return id <= 2_147_483_647 ? id : null
}
