import type { ReactNode } from 'react'
import type { MovieActions, MovieFilter } from '@/components/ui/movie-slots'
import { PageHeading } from '@/components/ui/page-heading'
import { YearSelect } from '@/components/ui/year-select'
import { SearchBox } from '@/features/search/components/search-box'
import { SearchResults } from '@/features/search/components/search-results'
import { SearchTypeChoice } from '@/features/search/components/search-type-choice'
import { searchMessages } from '@/features/search/messages'
import type { SearchType } from '@/features/search/search-term'

export function SearchView({
  type = 'movie',
  term,
  year,
  onTermChange,
  onYearChange,
  resultActions,
  keep,
  filterControl,
  peopleResults,
}: {
  type?: SearchType
  term: string
  year: number | undefined
  onTermChange: (term: string) => void
  onYearChange: (year: number | undefined) => void
  resultActions: MovieActions
  keep?: MovieFilter | undefined
  filterControl?: ReactNode
  /** What a search for people shows (the route's: people are another feature's). */
  peopleResults?: ReactNode
}) {
  if (type === 'person') {
    return (
      <>
        <SearchTypeChoice type={type} term={term} year={undefined} />
        <PageHeading className="mb-6">{searchMessages.peopleHeading}</PageHeading>
        <SearchBox
          term={term}
          onTermChange={onTermChange}
          label={searchMessages.peopleLabel}
          placeholder={searchMessages.peoplePlaceholder}
        />
        {peopleResults}
      </>
    )
  }
  return (
    <>
      {/* Before the heading, which takes focus on arrival: Tab goes on to the search box. */}
      {filterControl}
      <SearchTypeChoice type={type} term={term} year={year} />
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
