import { useId, useState } from 'react'
import { ratingMessages as m } from '@/features/ratings/messages'
import { MAX_RATING, ratingName } from '@/shared/film-log/records'

const STEPS = Array.from({ length: MAX_RATING }, (_, index) => index + 1)

/**
 * ½ to 5 stars in half steps: a radio group (arrow keys move and choose, as in any radio group),
 * each radio named "½ star" … "5 stars", and "Clear rating".
 */
export function StarRating({
  value,
  onChange,
  describedBy,
}: {
  value: number | null
  onChange: (value: number | null) => void
  /** The film's title, so that "Your rating" is said with it. */
  describedBy?: string
}) {
  const name = useId()
  const [hovered, setHovered] = useState<number | null>(null)
  const [said, setSaid] = useState('')
  const shown = hovered ?? value ?? 0
  const choose = (next: number | null) => {
    onChange(next)
    setSaid(next === null ? m.cleared : m.rated(ratingName(next)))
  }
  return (
    <fieldset
      aria-describedby={describedBy}
      className="flex flex-wrap items-center gap-x-3 gap-y-1"
    >
      <legend className="mb-1 text-sm font-medium text-slate-300">{m.legend}</legend>
      <div
        className="flex"
        onMouseLeave={() => {
          setHovered(null)
        }}
      >
        {STEPS.map((step) => (
          <label
            key={step}
            className="relative h-8 w-4 cursor-pointer overflow-hidden rounded-sm has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand"
            onMouseEnter={() => {
              setHovered(step)
            }}
          >
            <input
              type="radio"
              name={name}
              value={step}
              checked={value === step}
              className="sr-only"
              onChange={() => {
                choose(step)
              }}
            />
            <span className="sr-only">{ratingName(step)}</span>
            <HalfStar side={step % 2 === 1 ? 'left' : 'right'} filled={shown >= step} />
          </label>
        ))}
      </div>
      <button
        type="button"
        className="btn-secondary px-2 py-1 text-xs"
        aria-disabled={value === null || undefined}
        onClick={() => {
          if (value !== null) choose(null)
        }}
      >
        {m.clear}
      </button>
      <span role="status" className="sr-only">
        {said}
      </span>
    </fieldset>
  )
}

/** One half of a star, 32 px tall: the left half or the right, filled or outlined. */
function HalfStar({ side, filled }: { side: 'left' | 'right'; filled: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={`absolute top-0 h-8 w-8 ${side === 'left' ? 'left-0' : 'right-0'} ${
        filled ? 'fill-amber-400 text-amber-400' : 'fill-none text-slate-400'
      }`}
    >
      <path
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinejoin="round"
        d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z"
      />
    </svg>
  )
}
