import type { ReactNode } from 'react'
import type { MovieActions, MovieFilter } from '@/components/ui/movie-slots'
import { PageHeading } from '@/components/ui/page-heading'
import { YearSelect } from '@/components/ui/year-select'
import { SearchBox } from '@/features/search/components/search-box'
import { SearchResults } from '@/features/search/components/search-results'

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
  resultActions: MovieActions
  keep?: MovieFilter | undefined
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
