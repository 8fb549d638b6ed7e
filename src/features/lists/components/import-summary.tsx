import { LetterboxdListsChooser } from '@/features/lists/components/letterboxd-lists-chooser'
import type { ImportResult } from '@/features/lists/transfer/apply'
import type { ListKind } from '@/features/lists/transfer/plan'

// The live region is in the page before any import: screen readers may skip one added with text.
export function ImportSummary({
  result,
  busy,
  onImportLists,
  onUndo,
}: {
  result: ImportResult | null
  busy: boolean
  onImportLists: (targets: readonly (ListKind | null)[]) => void
  onUndo: () => void
}) {
  return (
    <div className="space-y-2 text-sm text-slate-200">
      <div role="status" aria-label="Import summary" className="space-y-1">
        {result?.lines.map((line, index) => (
          <p key={index}>{line}</p>
        ))}
      </div>
      {result && (
        <ImportDetails result={result} busy={busy} onImportLists={onImportLists} onUndo={onUndo} />
      )}
    </div>
  )
}

function ImportDetails({
  result,
  busy,
  onImportLists,
  onUndo,
}: {
  result: ImportResult
  busy: boolean
  onImportLists: (targets: readonly (ListKind | null)[]) => void
  onUndo: () => void
}) {
  return (
    <>
      {result.notFound.length > 0 && (
        <details>
          <summary className="cursor-pointer">Titles not found</summary>
          <ul className="mt-1 list-disc pl-6">
            {result.notFound.map((title, index) => (
              <li key={index}>{title}</li>
            ))}
          </ul>
        </details>
      )}
      {result.lists.length > 0 && !busy && (
        <LetterboxdListsChooser lists={result.lists} onSubmit={onImportLists} />
      )}
      {Object.keys(result.before).length > 0 && !busy && (
        <button type="button" className="btn-secondary text-sm" onClick={onUndo}>
          Undo
        </button>
      )}
    </>
  )
}
