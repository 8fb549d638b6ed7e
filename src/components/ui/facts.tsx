import type { ReactNode } from 'react'

/** Label and value pairs as a description list; a pair without a value is left out. */
export function Facts({
  facts,
  className = '',
}: {
  facts: readonly (readonly [label: string, value: ReactNode])[]
  className?: string
}) {
  return (
    <dl className={`grid max-w-xl grid-cols-[max-content_1fr] gap-x-6 ${className}`}>
      {facts.map(
        ([label, value]) =>
          value !== undefined && (
            <div key={label} className="contents">
              <dt className="font-semibold text-slate-400">{label}</dt>
              <dd className="text-white">{value}</dd>
            </div>
          ),
      )}
    </dl>
  )
}
