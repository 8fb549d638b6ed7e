import { Link } from '@tanstack/react-router'
import type { SearchType } from '@/features/search/search-term'
import { searchMessages } from '@/features/search/messages'

const CHOICE =
  'rounded-md px-3 py-1.5 text-sm font-medium text-slate-200 hover:bg-slate-800 aria-[current=page]:bg-brand aria-[current=page]:text-slate-950'

/** "Movies | People": links, so each kind of search has its URL; the one shown is current. */
export function SearchTypeChoice({
  type,
  term,
  year,
}: {
  type: SearchType
  term: string
  year: number | undefined
}) {
  const q = term || undefined
  return (
    <nav aria-label={searchMessages.searchFor} className="mb-4">
      <ul className="inline-flex gap-1 rounded-lg bg-slate-900 p-1 ring-1 ring-slate-800">
        <li>
          <Link
            to="/search"
            search={type === 'movie' ? { q, year } : { q }}
            activeOptions={{ exact: true }}
            className={CHOICE}
          >
            {searchMessages.movies}
          </Link>
        </li>
        <li>
          <Link
            to="/search"
            search={{ q, type: 'person' }}
            activeOptions={{ exact: true }}
            className={CHOICE}
          >
            {searchMessages.people}
          </Link>
        </li>
      </ul>
    </nav>
  )
}
