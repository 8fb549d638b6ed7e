// A person's own lists: what the page, the sync and the server agree on (docs/api.md).
import { holdsControls } from '../text'

export const NAMED_LIST_PREFIX = 'list:'
/** `list:` and a v4 UUID made by the device that created the list. */
export type NamedListKey = `list:${string}`

export const NAMED_LIST_KEY_PATTERN =
  '^list:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
const namedListKeyShape = new RegExp(NAMED_LIST_KEY_PATTERN)

export const isNamedListKey = (value: unknown): value is NamedListKey =>
  typeof value === 'string' && namedListKeyShape.test(value)

export const namedListKey = (id: string): NamedListKey => `${NAMED_LIST_PREFIX}${id}`
export const namedListId = (key: NamedListKey): string => key.slice(NAMED_LIST_PREFIX.length)

export const MAX_NAMED_LISTS = 1000
export const MAX_NAMED_LIST_ENTRIES = 10_000
export const MAX_LIST_NAME = 100
export const MAX_LIST_DESCRIPTION = 1000
/** A fractional index (base 62, fractional-indexing's keys); grows a character per few moves. */
export const MAX_POSITION = 200
export const POSITION_PATTERN = '^[0-9A-Za-z]+$'

/** What a list is, apart from its films. */
export interface NamedListMeta {
  name: string
  description: string
  ranked: boolean
  /** ISO time the list was made, on the device that made it. */
  createdAt: string
}

/** One list's edit: the later wins; a deleted list stays as a tombstone (`present: false`). */
export interface ListMetaEdit {
  id: string
  present: boolean
  /** ms since the epoch, on the device that made the edit. */
  editedAt: number
  meta?: NamedListMeta
}

export type ListNameProblem = 'empty' | 'long' | 'characters' | 'taken'

/** The name as kept: trimmed, with runs of white space as one space. */
export const cleanListName = (name: string): string => name.replace(/\s+/gu, ' ').trim()

export const listNameFolded = (name: string): string =>
  cleanListName(name).normalize('NFC').toLocaleLowerCase('en')

export function listNameProblem(
  name: string,
  takenBy: Iterable<string> = [],
): ListNameProblem | null {
  const clean = cleanListName(name)
  if (!clean) return 'empty'
  if (Array.from(clean).length > MAX_LIST_NAME) return 'long'
  if (holdsControls(clean)) return 'characters'
  const folded = listNameFolded(clean)
  for (const other of takenBy) if (listNameFolded(other) === folded) return 'taken'
  return null
}

export type DescriptionProblem = 'long' | 'characters'

export function descriptionProblem(description: string): DescriptionProblem | null {
  if (Array.from(description).length > MAX_LIST_DESCRIPTION) return 'long'
  if (holdsControls(description, { lineBreaks: true })) return 'characters'
  return null
}

/** Later edit first; at the same time a deletion; then the greater text, so every copy agrees. */
export function compareMetaEdits(a: ListMetaEdit, b: ListMetaEdit): number {
  if (a.editedAt !== b.editedAt) return a.editedAt > b.editedAt ? 1 : -1
  if (a.present !== b.present) return a.present ? -1 : 1
  const left = JSON.stringify([
    a.meta?.name,
    a.meta?.description,
    a.meta?.ranked,
    a.meta?.createdAt,
  ])
  const right = JSON.stringify([
    b.meta?.name,
    b.meta?.description,
    b.meta?.ranked,
    b.meta?.createdAt,
  ])
  return left === right ? 0 : left > right ? 1 : -1
}

/** Entries of a named list in their order: by position, then by film id where two agree. */
export function comparePositions(
  a: { id: number; position?: string | null },
  b: { id: number; position?: string | null },
): number {
  const left = a.position ?? ''
  const right = b.position ?? ''
  if (left !== right) return left < right ? -1 : 1
  return a.id - b.id
}
