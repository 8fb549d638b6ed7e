import { useEffect, useId, useRef, useState } from 'react'
import type { ListKind, TransferEntry } from '@/features/lists/transfer/plan'
import { transferMessages } from '@/features/lists/transfer/messages'
import { StorageError } from '@/lib/storage'
import { notify } from '@/lib/toast'

/** The list an export reads and an import writes. */
export interface TransferTarget {
  kind: ListKind
  movies: readonly TransferEntry[]
  /** The list as stored now; null when nobody is signed in. */
  read: () => TransferEntry[] | null
  /** Saves the whole list; throws StorageError when it cannot. */
  replace: (movies: TransferEntry[]) => void
}

type ImportState =
  | { step: 'idle' }
  | { step: 'reading' }
  | { step: 'matching'; done: number; total: number }
  | { step: 'done'; summary: string; notFound: string[]; previous: TransferEntry[] | null }
  | { step: 'failed'; message: string }

const EXPORT_FORMATS = ['json', 'csv'] as const
type ExportFormat = (typeof EXPORT_FORMATS)[number]

/** The import and export code (papaparse included) loads on first use. */
const loadTransfer = () => import('@/features/lists/transfer/run')

function download(name: string, type: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.click()
  // The download has started once click() returns; the URL is no longer needed after.
  setTimeout(() => {
    URL.revokeObjectURL(url)
  }, 0)
}

/** "Export JSON", "Export CSV" and "Import" for a list page, with the import's progress. */
export function ListTransfer({ target }: { target: TransferTarget }) {
  const [state, setState] = useState<ImportState>({ step: 'idle' })
  const fileInput = useRef<HTMLInputElement>(null)
  const running = useRef<AbortController | null>(null)
  const progressId = useId()
  // Leaving the page cancels a match in progress.
  useEffect(
    () => () => {
      running.current?.abort()
    },
    [],
  )

  const exportAs = async (format: ExportFormat) => {
    const transfer = await loadTransfer()
    const now = new Date()
    const name = transfer.exportFileName(target.kind, format, now)
    if (format === 'json')
      download(name, 'application/json', transfer.toJson(target.kind, target.movies, now))
    else download(name, 'text/csv', transfer.toLetterboxdCsv(target.kind, target.movies))
  }

  const importFile = async (file: File) => {
    const controller = new AbortController()
    running.current = controller
    setState({ step: 'reading' })
    try {
      const transfer = await loadTransfer()
      let plan
      try {
        plan = await transfer.readImportFile(file)
      } catch (error) {
        if (error instanceof transfer.ImportError) throw error
        throw new transfer.ImportError(transferMessages.unreadable)
      }
      let entries: TransferEntry[]
      let notFound: string[] = []
      if (plan.kind === 'letterboxd') {
        const total = plan.rows.length
        setState({ step: 'matching', done: 0, total })
        try {
          const matched = await transfer.matchLetterboxdRows(plan.rows, {
            signal: controller.signal,
            onProgress: (done) => {
              setState({ step: 'matching', done, total })
            },
          })
          entries = matched.matched
          notFound = matched.notFound
        } catch (error) {
          throw new transfer.ImportError(
            controller.signal.aborted ? transferMessages.cancelled : transferMessages.matchFailed,
            { cause: error },
          )
        }
      } else {
        entries = plan.entries
      }
      const previous = target.read()
      if (!previous) throw new transfer.ImportError(transferMessages.signedOut)
      const merged = transfer.mergeEntries(previous, entries, new Date(), (entry) => entry)
      try {
        target.replace(merged.movies)
      } catch (error) {
        if (!(error instanceof StorageError)) throw error
        throw new transfer.ImportError(transferMessages.storageFull)
      }
      setState({
        step: 'done',
        summary: transferMessages.summary({
          imported: merged.imported,
          already: merged.already,
          notFound: notFound.length,
          invalid: plan.invalid,
        }),
        notFound,
        previous: merged.imported > 0 ? previous : null,
      })
    } catch (error) {
      if (!(error instanceof Error) || error.name !== 'ImportError') throw error
      setState({ step: 'failed', message: error.message })
    } finally {
      running.current = null
    }
  }

  const busy = state.step === 'reading' || state.step === 'matching'
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
          accept=".json,.csv,application/json,text/csv"
          aria-label="Import a list file"
          hidden
          onChange={(event) => {
            const file = event.target.files?.[0]
            // Choosing the same file again must fire a change.
            event.target.value = ''
            if (file) void importFile(file)
          }}
        />
      </div>
      {state.step === 'matching' && (
        <div className="flex flex-wrap items-center gap-3">
          <label htmlFor={progressId} className="text-sm text-slate-200">
            {transferMessages.matching(state.done, state.total)}
          </label>
          <progress id={progressId} max={state.total} value={state.done} className="w-48" />
          <button
            type="button"
            className="btn-secondary text-sm"
            onClick={() => running.current?.abort()}
          >
            Cancel
          </button>
        </div>
      )}
      {state.step === 'failed' && (
        <p role="alert" className="text-sm text-red-300">
          {state.message}
        </p>
      )}
      {state.step === 'done' && (
        <div role="status" className="space-y-2 text-sm text-slate-200">
          <p>{state.summary}</p>
          {state.notFound.length > 0 && (
            <details>
              <summary className="cursor-pointer">Titles not found</summary>
              <ul className="mt-1 list-disc pl-6">
                {state.notFound.map((title, index) => (
                  <li key={index}>{title}</li>
                ))}
              </ul>
            </details>
          )}
          {state.previous && (
            <button
              type="button"
              className="btn-secondary text-sm"
              onClick={() => {
                const { previous } = state
                if (!previous) return
                try {
                  target.replace(previous)
                  setState({ step: 'idle' })
                  notify.success(transferMessages.undone)
                } catch (error) {
                  if (!(error instanceof StorageError)) throw error
                  notify.error(transferMessages.undoFailed)
                }
              }}
            >
              Undo
            </button>
          )}
        </div>
      )}
    </div>
  )
}
