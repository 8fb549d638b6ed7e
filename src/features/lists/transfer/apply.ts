import {
  lookUpEntries,
  matchLetterboxdRowSets,
  type MatchResult,
} from '@/features/lists/transfer/match'
import { mergeEntries, type MergeResult } from '@/features/lists/transfer/merge'
import { transferMessages } from '@/features/lists/transfer/messages'
import {
  appendToNamed,
  fillTargets,
  namedListMovies,
  namedTargets,
  NOTHING_NAMED,
  saveNamedMovies,
  saveTargets,
  undoNamed,
  type NamedBefore,
} from '@/features/lists/transfer/named-import'
import {
  ImportError,
  type ImportInto,
  type ImportPlan,
  type LetterboxdRow,
  type ListKind,
  type TransferEntry,
} from '@/features/lists/transfer/plan'
import {
  readLists,
  saveLists,
  type ListContents,
  type StoredLists,
} from '@/features/lists/transfer/save-lists'
import { StorageError } from '@/lib/storage'
import type { TmdbClient } from '@/lib/tmdb'
import { MAX_NAMED_LIST_ENTRIES } from '@/shared/lists/named'

export interface ImportResult {
  lines: string[]
  notFound: string[]
  /** The changed lists as they were before: what Undo restores. */
  before: ListContents
  /** The person's own lists the import made or added to. */
  named: NamedBefore
}

export interface ImportContext {
  lists: StoredLists
  tmdb: TmdbClient
  signal: AbortSignal
  onProgress: (done: number, total: number) => void
}

async function match(
  sets: readonly (readonly LetterboxdRow[])[],
  { signal, onProgress, tmdb }: ImportContext,
): Promise<MatchResult[]> {
  try {
    return await matchLetterboxdRowSets(sets, { signal, onProgress, client: tmdb })
  } catch (error) {
    throw new ImportError(signal.aborted ? importFailures.cancelled : importFailures.failed, {
      cause: error,
    })
  }
}

// Several sets may go into one list, so each merges into what the sets before it left.
function mergeInto(
  lists: StoredLists,
  sets: readonly { kind: ListKind; entries: readonly TransferEntry[] }[],
  now: Date,
) {
  const before = readLists(lists, [...new Set(sets.map((set) => set.kind))])
  const after: ListContents = { ...before }
  const changed: ListContents = {}
  const changedBefore: ListContents = {}
  const merged = sets.map(({ kind, entries }) => {
    const result = mergeEntries(after[kind] ?? [], entries, now, (entry) => entry)
    after[kind] = result.movies
    if (result.imported > 0) {
      changed[kind] = result.movies
      changedBefore[kind] = before[kind]
    }
    return result
  })
  return { merged, changed, before: changedBefore }
}

/** Puts the three lists back after a later step failed; what cannot be written stays. */
function putBack(lists: StoredLists, before: ListContents) {
  try {
    saveLists(lists, before, {}, transferMessages.storageFullAll)
  } catch {
    // Storage that refused a write may refuse this one too: nothing more can be done.
  }
}

const countsOf = (
  merged: MergeResult<TransferEntry> | undefined,
  found: MatchResult | undefined,
  invalid: number,
) => ({
  imported: merged?.imported ?? 0,
  already: merged?.already ?? 0,
  notFound: found?.notFound.length ?? 0,
  invalid,
})

// Only a CSV leaves poster_path undefined: those entries new to the list are looked up on TMDB.
async function completed(
  entries: TransferEntry[],
  listed: ReadonlySet<number>,
  context: ImportContext,
) {
  const bare = new Map<number, TransferEntry>()
  for (const entry of entries)
    if (entry.poster_path === undefined && !listed.has(entry.id)) bare.set(entry.id, entry)
  if (bare.size === 0) return entries
  const { signal, onProgress, tmdb } = context
  let found: TransferEntry[]
  try {
    found = await lookUpEntries([...bare.values()], { signal, onProgress, client: tmdb })
  } catch (error) {
    throw new ImportError(signal.aborted ? importFailures.cancelled : importFailures.failed, {
      cause: error,
    })
  }
  const byId = new Map(found.map((entry) => [entry.id, entry]))
  return entries.map((entry) => byId.get(entry.id) ?? entry)
}

const importFailures = {
  cancelled: transferMessages.cancelled,
  failed: transferMessages.matchFailed,
}

/** Imports a file's plan into one list, or a Letterboxd export into all three and its lists. */
export async function importPlan(
  plan: ImportPlan,
  into: ImportInto,
  context: ImportContext,
): Promise<ImportResult> {
  if (plan.kind === 'letterboxd-export') return importExport(plan, context)
  if (typeof into !== 'string') return importIntoNamed(plan, into.listId, context)
  const kind = into
  const [found] = plan.kind === 'letterboxd' ? await match([plan.rows], context) : []
  const listed = () => new Set(readLists(context.lists, [kind])[kind]?.map((entry) => entry.id))
  const entries =
    plan.kind === 'entries'
      ? await completed(plan.entries, listed(), context)
      : (found?.matched ?? [])
  const { merged, changed, before } = mergeInto(context.lists, [{ kind, entries }], new Date())
  saveLists(context.lists, changed, before, transferMessages.storageFull)
  return {
    lines: [transferMessages.summary(countsOf(merged[0], found, plan.invalid))],
    notFound: found?.notFound ?? [],
    before,
    named: NOTHING_NAMED,
  }
}

async function importIntoNamed(
  plan: Exclude<ImportPlan, { kind: 'letterboxd-export' }>,
  listId: string,
  context: ImportContext,
): Promise<ImportResult> {
  if (namedListMovies(listId).length >= MAX_NAMED_LIST_ENTRIES)
    throw new ImportError(transferMessages.listFull)
  const [found] = plan.kind === 'letterboxd' ? await match([plan.rows], context) : []
  const entries =
    plan.kind === 'entries'
      ? await completed(
          plan.entries,
          new Set(namedListMovies(listId).map((entry) => entry.id)),
          context,
        )
      : (found?.matched ?? [])
  // Read again after matching: the list may have changed meanwhile.
  const existing = namedListMovies(listId)
  const merged = appendToNamed(existing, entries, new Date())
  if (merged.movies.length > MAX_NAMED_LIST_ENTRIES)
    throw new ImportError(transferMessages.listWouldBeFull(merged.movies.length))
  if (merged.imported > 0) saveNamedMovies(listId, merged.movies, transferMessages.storageFull)
  return {
    lines: [transferMessages.summary(countsOf(merged, found, plan.invalid))],
    notFound: found?.notFound ?? [],
    before: {},
    named:
      merged.imported > 0
        ? { created: [], changed: [{ id: listId, movies: existing }] }
        : NOTHING_NAMED,
  }
}

/** The export's activity files into the three lists, its lists into the person's own. */
async function importExport(
  plan: Extract<ImportPlan, { kind: 'letterboxd-export' }>,
  context: ImportContext,
): Promise<ImportResult> {
  const { parts, lists } = plan
  // Before matching, so that an export over the limit waits for nothing.
  const targets = namedTargets(lists)
  const found = await match(
    [...parts.map((part) => part.rows), ...lists.map((list) => list.rows)],
    context,
  )
  const now = new Date()
  const { merged, changed, before } = mergeInto(
    context.lists,
    parts.map((part, index) => ({ kind: part.kind, entries: found[index]?.matched ?? [] })),
    now,
  )
  const listFound = found.slice(parts.length)
  const listCounts = fillTargets(
    targets,
    listFound.map((set) => set.matched),
    now,
  )
  const failure = transferMessages.storageFullAll
  saveLists(context.lists, changed, before, failure)
  let named: NamedBefore
  try {
    named = saveTargets(targets, failure)
  } catch (error) {
    putBack(context.lists, before)
    throw error
  }
  return {
    lines: [
      transferMessages.exportIntro,
      ...parts.map((part, index) =>
        transferMessages.exportPart(
          part.kind,
          part.files,
          countsOf(merged[index], found[index], part.invalid),
        ),
      ),
      ...lists.map((list, index) => {
        const target = targets[index]
        const counts = listCounts[index]
        return transferMessages.namedList(target?.name ?? list.name, !target?.existing, {
          imported: counts?.imported ?? 0,
          already: counts?.already ?? 0,
          notFound: listFound[index]?.notFound.length ?? 0,
          invalid: list.invalid,
        })
      }),
    ],
    notFound: [...new Set(found.flatMap((set) => set.notFound))],
    before,
    named,
  }
}

/** Puts back every list an import changed or made; says which message to show. */
export function undoImport(
  lists: StoredLists,
  { before, named }: Pick<ImportResult, 'before' | 'named'>,
): string {
  const kinds = Object.keys(before) as ListKind[]
  try {
    undoNamed(named)
  } catch (error) {
    if (!(error instanceof StorageError)) throw error
    throw new ImportError(transferMessages.undoFailed, { cause: error })
  }
  saveLists(lists, before, readLists(lists, kinds), transferMessages.undoFailed)
  const changed = kinds.length + named.created.length + named.changed.length
  return changed > 1 ? transferMessages.undoneAll : transferMessages.undone
}
