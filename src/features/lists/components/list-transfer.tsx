import { useId, useRef } from 'react'
import { ImportSummary } from '@/features/lists/components/import-summary'
import { loadTransfer, useListImport } from '@/features/lists/hooks/use-list-import'
import { transferMessages } from '@/features/lists/transfer/messages'
import type { ImportInto, ListKind, TransferEntry } from '@/features/lists/transfer/plan'
import type { StoredLists } from '@/features/lists/transfer/save-lists'
import { download } from '@/lib/download'

/** One of the three lists' pages. */
export interface TransferTarget {
  kind: ListKind
  movies: readonly TransferEntry[]
  /** The three lists, which a Letterboxd export's ZIP fills from any page. */
  lists: StoredLists
}

/** A page of one of the person's own lists. */
export interface NamedTransferTarget {
  kind: 'named'
  listId: string
  listName: string
  description: string
  ranked: boolean
  /** In the list's order: the export keeps it. */
  movies: readonly TransferEntry[]
  lists: StoredLists
}

export type AnyTransferTarget = TransferTarget | NamedTransferTarget

/** A target without its films, which a page adds as it shows them. */
export type TransferSource = Omit<TransferTarget, 'movies'> | Omit<NamedTransferTarget, 'movies'>

const importInto = (target: AnyTransferTarget): ImportInto =>
  target.kind === 'named' ? { listId: target.listId } : target.kind

const EXPORT_FORMATS = ['json', 'csv'] as const
type ExportFormat = (typeof EXPORT_FORMATS)[number]

export function ListTransfer({ target }: { target: AnyTransferTarget }) {
  const { activity, result, importFile, undo, cancel } = useListImport(
    importInto(target),
    target.lists,
  )
  const fileInput = useRef<HTMLInputElement>(null)
  const progressId = useId()

  const exportAs = async (format: ExportFormat) => {
    const transfer = await loadTransfer()
    const now = new Date()
    if (target.kind === 'named') {
      const list = { ...target, name: target.listName }
      const name = transfer.namedExportFileName(target.listName, format, now)
      if (format === 'json') download(name, 'application/json', transfer.toNamedJson(list, now))
      else download(name, 'text/csv', transfer.toLetterboxdListCsv(list))
      return
    }
    const name = transfer.exportFileName(target.kind, format, now)
    if (format === 'json')
      download(name, 'application/json', transfer.toJson(target.kind, target.movies, now))
    else download(name, 'text/csv', transfer.toLetterboxdCsv(target.kind, target.movies))
  }

  const busy = activity.step === 'reading' || activity.step === 'matching'
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-2">
        {target.movies.length > 0 &&
          EXPORT_FORMATS.map((format) => (
            <button
              key={format}
              type="button"
              className="btn-secondary text-sm"
              onClick={() => void exportAs(format)}
            >
              {`Export ${format.toUpperCase()}`}
            </button>
          ))}
        <button
          type="button"
          className="btn-secondary text-sm"
          disabled={busy}
          onClick={() => fileInput.current?.click()}
        >
          Import
        </button>
        <input
          ref={fileInput}
          type="file"
          accept=".json,.csv,.zip,application/json,text/csv,application/zip"
          aria-label="Import a list file"
          hidden
          onChange={(event) => {
            const file = event.target.files?.[0]
            // Choosing the same file again must fire a change.
            event.target.value = ''
            if (file) importFile(file)
          }}
        />
      </div>
      {activity.step === 'matching' && (
        <div className="flex flex-wrap items-center gap-3">
          <label htmlFor={progressId} className="text-sm text-slate-200">
            {transferMessages.matching(activity.done, activity.total)}
          </label>
          <progress id={progressId} max={activity.total} value={activity.done} className="w-48" />
          <button type="button" className="btn-secondary text-sm" onClick={cancel}>
            Cancel
          </button>
        </div>
      )}
      {activity.step === 'failed' && (
        <p role="alert" className="text-sm text-red-300">
          {activity.message}
        </p>
      )}
      <ImportSummary result={result} busy={busy} onUndo={undo} />
    </div>
  )
}
