import { useId, useState } from 'react'
import { personMessages } from '@/features/people/messages'

/** Longer than this, the biography opens at a few lines with "Read more". */
const LONG_BIOGRAPHY = 600

export function Biography({ text, name }: { text: string | null | undefined; name: string }) {
  const [open, setOpen] = useState(false)
  const id = useId()
  const biography = text?.trim()
  if (!biography) return <p className="text-slate-300">{personMessages.noBiography(name)}</p>
  const long = biography.length > LONG_BIOGRAPHY
  return (
    <div className="max-w-3xl space-y-2">
      <div
        id={id}
        className={`space-y-3 leading-relaxed whitespace-pre-line text-slate-200 ${long && !open ? 'line-clamp-6' : ''}`}
      >
        {biography}
      </div>
      {long && (
        <button
          type="button"
          aria-expanded={open}
          aria-controls={id}
          className="rounded text-brand underline underline-offset-2"
          onClick={() => {
            setOpen(!open)
          }}
        >
          {open ? personMessages.readLess : personMessages.readMore}
        </button>
      )}
    </div>
  )
}
