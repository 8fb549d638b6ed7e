import { useQuery } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { useDeferredValue, useEffect, useRef, type ReactNode } from 'react'
import { keepAll, type MovieActions, type MovieFilter } from '@/components/ui/movie-slots'
import { Pagination } from '@/components/ui/pagination'
import { StatusMessage } from '@/components/ui/status-message'
import { popularMoviesQueryOptions } from '@/features/movies/api/discover-movies'
import { MovieCard } from '@/features/movies/components/movie-card'
import { hasHomeFilters, homeHeading, type HomeFilters } from '@/features/movies/home-search'
import { movieMessages } from '@/features/movies/messages'
import { useTmdb } from '@/lib/tmdb/use-tmdb'

const FIRST_ROW = 4

export function PopularMovies({
  page,
  filters = {},
  onPageChange,
  onClearFilters,
  cardActions,
  keep = keepAll,
  filterControl,
}: {
  page: number
  filters?: HomeFilters
  onPageChange: (page: number) => void
  onClearFilters?: () => void
  cardActions: MovieActions
  keep?: MovieFilter
  filterControl?: ReactNode
}) {
  const router = useRouter()
  // Behaviour §8: a failure here is only logged (by the query cache); the grid stays empty.
  const tmdb = useTmdb()
  const { data: latest, isPlaceholderData } = useQuery(
    popularMoviesQueryOptions(tmdb, page, filters),
  )
  const data = useDeferredValue(latest)
  const heading = useRef<HTMLHeadingElement>(null)
  // Once the new page shows, focus goes to its heading, not a page button scrolled out of sight.
  const pagedTo = useRef<number | null>(null)
  const shownPage = data === latest && !isPlaceholderData ? page : undefined
  useEffect(() => {
    if (shownPage === undefined || pagedTo.current !== shownPage) return
    pagedTo.current = null
    heading.current?.focus()
  }, [shownPage])
  if (!data) return null

  return (
    <section aria-labelledby="popular-heading" aria-busy={isPlaceholderData}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2
          ref={heading}
          id="popular-heading"
          tabIndex={-1}
          aria-describedby="popular-page"
          className="text-2xl font-bold text-white"
        >
          {homeHeading(filters)}
        </h2>
        <p id="popular-page" hidden>
          {`Page ${String(page)} of ${String(data.total_pages)}`}
        </p>
        {filterControl}
      </div>
      {data.results.length === 0 && hasHomeFilters(filters) ? (
        <NoMatches onClearFilters={onClearFilters} />
      ) : (
        <>
          {/* Hiding the seen shows fewer cards; the pages stay TMDB's. */}
          <ul className="grid grid-cols-1 gap-6 md:grid-cols-3 lg:grid-cols-4">
            {data.results.filter(keep).map((movie, index) => (
              <li key={movie.id}>
                <MovieCard
                  movie={movie}
                  priority={index === 0}
                  eager={index < FIRST_ROW}
                  actions={cardActions}
                />
              </li>
            ))}
          </ul>
          <Pagination
            page={page}
            totalPages={data.total_pages}
            onPageChange={(target) => {
              pagedTo.current = target
              onPageChange(target)
            }}
            onPageIntent={(target) => {
              void router.preloadRoute({ to: '/', search: { ...filters, page: target } })
            }}
          />
        </>
      )}
    </section>
  )
}

function NoMatches({ onClearFilters }: { onClearFilters?: (() => void) | undefined }) {
  return (
    <div className="text-center">
      <StatusMessage>{movieMessages.noMatches}</StatusMessage>
      {onClearFilters && (
        <button type="button" className="btn-primary" onClick={onClearFilters}>
          {movieMessages.clearFilters}
        </button>
      )}
    </div>
  )
}
