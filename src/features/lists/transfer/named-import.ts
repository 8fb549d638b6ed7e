import { generateNKeysBetween } from 'fractional-indexing'
import { mergeEntries } from '@/features/lists/transfer/merge'
import { transferMessages } from '@/features/lists/transfer/messages'
import {
  ImportError,
  type LetterboxdList,
  type TransferEntry,
} from '@/features/lists/transfer/plan'
import {
  namedLists,
  readEntries,
  readIndex,
  type ListDraft,
  type NamedEntry,
} from '@/lib/movie-lists/named-lists'
import { signedInEmail } from '@/lib/session/user-storage'
import { StorageError } from '@/lib/storage'
import { withoutControls } from '@/shared/text'
import {
  cleanListName,
  listNameFolded,
  listNameProblem,
  MAX_LIST_DESCRIPTION,
  MAX_LIST_NAME,
  MAX_NAMED_LIST_ENTRIES,
  MAX_NAMED_LISTS,
} from '@/shared/lists/named'

/** What Undo needs of the person's own lists: those an import made, and those it added to. */
export interface NamedBefore {
  created: string[]
  changed: { id: string; movies: NamedEntry[] }[]
}

export const NOTHING_NAMED: NamedBefore = { created: [], changed: [] }

// The white space cleanListName turns into spaces stays in a name; a description keeps its lines.
const NAME_SPACES = '\t\n\u000b\f\r'
const DESCRIPTION_SPACES = '\t\n\r'

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' })

/** At most `length` code points (as the limits count them), never half a character. */
function cut(text: string, length: number): string {
  let kept = ''
  let points = 0
  for (const { segment } of graphemes.segment(text)) {
    points += Array.from(segment).length
    if (points > length) break
    kept += segment
  }
  return kept
}

/** A list name from a file, made one a list may have: cleaned, cut to its length, or `fallback`. */
export function importedListName(name: string, fallback = 'Letterboxd list'): string {
  const clean = cleanListName(cut(cleanListName(withoutControls(name, NAME_SPACES)), MAX_LIST_NAME))
  return listNameProblem(clean) === null ? clean : fallback
}

export function importedDescription(text: string): string {
  const clean = withoutControls(text.replace(/\r\n?/g, '\n'), DESCRIPTION_SPACES).trim()
  return cut(clean, MAX_LIST_DESCRIPTION).trim()
}

function ownerEmail(): string {
  const email = signedInEmail()
  if (!email) throw new ImportError(transferMessages.signedOut)
  return email
}

/** A named list's films now, in their order; throws when the list is gone. */
export function namedListMovies(listId: string): NamedEntry[] {
  const email = ownerEmail()
  if (!readIndex(email).some((list) => list.id === listId))
    throw new ImportError(transferMessages.listMissing)
  return readEntries(email, listId)
}

const toListEntry = (entry: TransferEntry) => ({
  id: entry.id,
  title: entry.title,
  poster_path: entry.poster_path ?? null,
  release_date: entry.release_date ?? null,
  vote_average: entry.vote_average ?? null,
  added_at: entry.added_at ?? null,
})

/** The films `incoming` adds after the list's last, in the order given; the rest are counted. */
export function appendToNamed(
  existing: readonly NamedEntry[],
  incoming: readonly TransferEntry[],
  now: Date,
) {
  const merged = mergeEntries(existing, incoming, now, (entry) => ({
    ...toListEntry(entry),
    position: '',
  }))
  const keys = generateNKeysBetween(existing.at(-1)?.position ?? null, null, merged.imported)
  const movies = merged.movies.map((movie, index) =>
    index < existing.length ? movie : { ...movie, position: keys[index - existing.length] ?? '' },
  )
  return { ...merged, movies }
}

/** Saves one list's films; ImportError says `failure` when they could not be. */
export function saveNamedMovies(listId: string, movies: NamedEntry[], failure: string): void {
  let problem
  try {
    problem = namedLists.saveMovies(listId, movies)
  } catch (error) {
    if (!(error instanceof StorageError)) throw error
    throw new ImportError(failure, { cause: error })
  }
  if (problem === 'full') throw new ImportError(transferMessages.listFull)
  if (problem === 'missing') throw new ImportError(transferMessages.listMissing)
  if (problem === 'signed-out') throw new ImportError(transferMessages.signedOut)
}

/** One of the person's lists an export's list goes into: one already theirs, or a new one. */
export interface NamedTarget {
  name: string
  existing: { id: string; movies: NamedEntry[] } | null
  draft: ListDraft
  movies: NamedEntry[]
}

/**
 * Where each of an export's lists goes, by name as listNameFolded compares them: into the
 * person's list of that name, or a new one (two files of one name go into one). Refuses when
 * the new lists would pass MAX_NAMED_LISTS.
 */
export function namedTargets(lists: readonly LetterboxdList[]): NamedTarget[] {
  if (lists.length === 0) return []
  const email = ownerEmail()
  const index = readIndex(email)
  const byName = new Map<string, NamedTarget>()
  const targets = lists.map((list) => {
    const fallback = importedListName(list.file.replace(/\.csv$/i, ''))
    const name = importedListName(list.name, fallback)
    const folded = listNameFolded(name)
    let target = byName.get(folded)
    if (!target) {
      const held = index.find((info) => listNameFolded(info.name) === folded)
      const movies = held ? readEntries(email, held.id) : []
      target = {
        name: held?.name ?? name,
        existing: held ? { id: held.id, movies } : null,
        draft: { name, description: importedDescription(list.description), ranked: list.ranked },
        movies,
      }
      byName.set(folded, target)
    }
    return target
  })
  const made = [...byName.values()].filter((target) => !target.existing).length
  if (index.length + made > MAX_NAMED_LISTS)
    throw new ImportError(transferMessages.zipTooManyLists(index.length + made))
  return targets
}

/** Adds the matched films of each list to its target, in file order; refuses a list too long. */
export function fillTargets(
  targets: readonly NamedTarget[],
  matched: readonly (readonly TransferEntry[])[],
  now: Date,
) {
  const counts = targets.map((target, index) => {
    const merged = appendToNamed(target.movies, matched[index] ?? [], now)
    target.movies = merged.movies
    return { imported: merged.imported, already: merged.already }
  })
  for (const target of new Set(targets)) {
    if (target.movies.length > MAX_NAMED_LIST_ENTRIES)
      throw new ImportError(transferMessages.zipListTooLong(target.name, target.movies.length))
  }
  return counts
}

/** Saves every target or, putting back what it wrote, none; ImportError says `failure`. */
export function saveTargets(targets: readonly NamedTarget[], failure: string): NamedBefore {
  const before: NamedBefore = { created: [], changed: [] }
  try {
    for (const target of new Set(targets)) {
      if (target.existing) {
        if (target.movies.length === target.existing.movies.length) continue
        saveNamedMovies(target.existing.id, target.movies, failure)
        before.changed.push({ id: target.existing.id, movies: target.existing.movies })
        continue
      }
      const created = create(target.draft, failure)
      before.created.push(created)
      if (target.movies.length > 0) saveNamedMovies(created, target.movies, failure)
    }
  } catch (error) {
    try {
      undoNamed(before)
    } catch {
      // Storage that refused a write may refuse this one too: nothing more can be done.
    }
    throw error
  }
  return before
}

function create(draft: ListDraft, failure: string): string {
  let made
  try {
    made = namedLists.create(draft)
  } catch (error) {
    if (!(error instanceof StorageError)) throw error
    throw new ImportError(failure, { cause: error })
  }
  if (!made.ok) throw new ImportError(transferMessages.listNotSaved(draft.name))
  return made.value.id
}

/** Deletes the lists an import made and puts back the films of those it added to. */
export function undoNamed(before: NamedBefore): void {
  for (const id of before.created) namedLists.remove(id)
  for (const { id, movies } of before.changed) namedLists.saveMovies(id, movies)
}
