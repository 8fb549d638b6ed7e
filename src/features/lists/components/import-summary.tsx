import type { ImportResult } from '@/features/lists/transfer/apply'

const changedAny = ({ before, named }: ImportResult) =>
  Object.keys(before).length > 0 || named.created.length > 0 || named.changed.length > 0

// The live region is in the page before any import: screen readers may skip one added with text.
export function ImportSummary({
  result,
  busy,
  onUndo,
}: {
  result: ImportResult | null
  busy: boolean
  onUndo: () => void
}) {
  return (
    <div className="space-y-2 text-sm text-slate-200">
      <div role="status" aria-label="Import summary" className="space-y-1">
        {result?.lines.map((line, index) => (
          <p key={index}>{line}</p>
        ))}
      </div>
      {result && result.notFound.length > 0 && (
        <details>
          <summary className="cursor-pointer">Titles not found</summary>
          <ul className="mt-1 list-disc pl-6">
            {result.notFound.map((title, index) => (
              <li key={index}>{title}</li>
            ))}
          </ul>
        </details>
      )}
      {result && changedAny(result) && !busy && (
        <button type="button" className="btn-secondary text-sm" onClick={onUndo}>
          Undo
        </button>
      )}
    </div>
  )
}
