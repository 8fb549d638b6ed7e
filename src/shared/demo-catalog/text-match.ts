export function foldText(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim()
}

const RANK = { exact: 0, prefix: 1, word: 2, substring: 3 } as const
export type Rank = (typeof RANK)[keyof typeof RANK]

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** How well a folded text matches the folded query: exact, prefix, whole word, anywhere. */
export function matcher(foldedQuery: string): (folded: string) => Rank | undefined {
  // Letter/digit boundaries in any script: "alien" is a word of "avp: alien vs. predator",
  // not of "aliens".
  const wholeWord = new RegExp(
    `(?<![\\p{L}\\p{N}])${escapeRegExp(foldedQuery)}(?![\\p{L}\\p{N}])`,
    'u',
  )
  return (folded) => {
    if (folded === foldedQuery) return RANK.exact
    if (folded.startsWith(foldedQuery)) return RANK.prefix
    if (wholeWord.test(folded)) return RANK.word
    if (folded.includes(foldedQuery)) return RANK.substring
    return undefined
  }
}
