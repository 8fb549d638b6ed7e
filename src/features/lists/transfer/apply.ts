import {
  lookUpEntries,
  matchLetterboxdRowSets,
  type MatchResult,
} from '@/features/lists/transfer/match'
import { mergeEntries, type MergeResult } from '@/features/lists/transfer/merge'
import { transferMessages } from '@/features/lists/transfer/messages'
import {
  ImportError,
  type ImportPlan,
  type LetterboxdList,
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
import type { TmdbClient } from '@/lib/tmdb'

export interface ImportResult {
  lines: string[]
  notFound: string[]
  /** The changed lists as they were before: what Undo restores. */
  before: ListContents
  /** A Letterboxd export's own lists, still to place or skip. */
  lists: LetterboxdList[]
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
  { cancelled, failed }: { cancelled: string; failed: string },
): Promise<MatchResult[]> {
  try {
    return await matchLetterboxdRowSets(sets, { signal, onProgress, client: tmdb })
  } catch (error) {
    throw new ImportError(signal.aborted ? cancelled : failed, { cause: error })
  }
}

// Several sets may go into one list, so each merges into what the sets before it left.
function mergeInto(
  lists: StoredLists,
  sets: readonly { kind: ListKind; entries: readonly TransferEntry[] }[],
  failure: string,
) {
  const before = readLists(lists, [...new Set(sets.map((set) => set.kind))])
  const after: ListContents = { ...before }
  const changed: ListContents = {}
  const changedBefore: ListContents = {}
  const now = new Date()
  const merged = sets.map(({ kind, entries }) => {
    const result = mergeEntries(after[kind] ?? [], entries, now, (entry) => entry)
    after[kind] = result.movies
    if (result.imported > 0) {
      changed[kind] = result.movies
      changedBefore[kind] = before[kind]
    }
    return result
  })
  saveLists(lists, changed, before, failure)
  return { merged, before: changedBefore }
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
async function completed(entries: TransferEntry[], kind: ListKind, context: ImportContext) {
  const listed = new Set(readLists(context.lists, [kind])[kind]?.map((entry) => entry.id))
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

/** Imports a file's plan into the list `kind`, or a Letterboxd export into all three. */
export async function importPlan(
  plan: ImportPlan,
  kind: ListKind,
  context: ImportContext,
): Promise<ImportResult> {
  if (plan.kind === 'letterboxd-export') {
    const { parts } = plan
    const found = await match(
      parts.map((part) => part.rows),
      context,
      importFailures,
    )
    const { merged, before } = mergeInto(
      context.lists,
      parts.map((part, index) => ({ kind: part.kind, entries: found[index]?.matched ?? [] })),
      transferMessages.storageFullAll,
    )
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
      ],
      notFound: [...new Set(found.flatMap((set) => set.notFound))],
      before,
      lists: plan.lists,
    }
  }
  const [found] =
    plan.kind === 'letterboxd' ? await match([plan.rows], context, importFailures) : []
  const entries =
    plan.kind === 'entries' ? await completed(plan.entries, kind, context) : (found?.matched ?? [])
  const notFound = found?.notFound ?? []
  const { merged, before } = mergeInto(
    context.lists,
    [{ kind, entries }],
    transferMessages.storageFull,
  )
  return {
    lines: [transferMessages.summary(countsOf(merged[0], found, plan.invalid))],
    notFound,
    before,
    lists: [],
  }
}

/** Imports an export's own lists after its first step; the summary and Undo cover both. */
export async function importChosenLists(
  chosen: readonly { list: LetterboxdList; kind: ListKind }[],
  previous: ImportResult,
  context: ImportContext,
): Promise<ImportResult> {
  const found = await match(
    chosen.map(({ list }) => list.rows),
    context,
    { cancelled: transferMessages.listsCancelled, failed: transferMessages.listsMatchFailed },
  )
  const { merged, before } = mergeInto(
    context.lists,
    chosen.map(({ kind }, index) => ({ kind, entries: found[index]?.matched ?? [] })),
    transferMessages.listsStorageFull,
  )
  return {
    lines: [
      ...previous.lines,
      ...chosen.map(({ list, kind }, index) =>
        transferMessages.listPart(
          list.name,
          kind,
          countsOf(merged[index], found[index], list.invalid),
        ),
      ),
    ],
    notFound: [...new Set([...previous.notFound, ...found.flatMap((set) => set.notFound)])],
    before: { ...before, ...previous.before },
    lists: [],
  }
}

/** Puts back every list an import changed; says which message to show. */
export function undoImport(lists: StoredLists, before: ListContents): string {
  const kinds = Object.keys(before) as ListKind[]
  saveLists(lists, before, readLists(lists, kinds), transferMessages.undoFailed)
  return kinds.length > 1 ? transferMessages.undoneAll : transferMessages.undone
}
