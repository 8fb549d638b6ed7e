import type { ReactNode } from 'react'
import type { MovieActions, MovieFilter } from '@/components/ui/movie-slots'
import { PageHeading } from '@/components/ui/page-heading'
import { YearSelect } from '@/components/ui/year-select'
import { SearchBox } from '@/features/search/components/search-box'
import { SearchResults } from '@/features/search/components/search-results'

/**
 * The search page: the box holding `term`, the year, and the results. The route gives it the
 * URL's search; under `npm start` the server draws it too, from page 1's answer
 * (src/features/search/search-view-markup.tsx).
 */
export function SearchView({
  term,
  year,
  onTermChange,
  onYearChange,
  resultActions,
  keep,
  filterControl,
}: {
  term: string
  year: number | undefined
  onTermChange: (term: string) => void
  onYearChange: (year: number | undefined) => void
  /** On each result's tile. */
  resultActions: MovieActions
  /** Which results show; all by default. */
  keep?: MovieFilter | undefined
  /** The control of `keep`, before the heading. */
  filterControl?: ReactNode
}) {
  return (
    <>
      {/* Before the heading, which takes focus on arrival: Tab goes on to the search box. */}
      {filterControl}
      <PageHeading className="mb-6">Search Movies</PageHeading>
      <div className="flex items-end gap-4">
        <div className="min-w-0 flex-1">
          <SearchBox term={term} onTermChange={onTermChange} />
        </div>
        <YearSelect year={year} className="mb-8 w-32" onChange={onYearChange} />
      </div>
      <SearchResults term={term} year={year} actions={resultActions} keep={keep} />
    </>
  )
}
