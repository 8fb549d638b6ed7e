import { SelectField } from '@/components/ui/select-field'
import { YearSelect } from '@/components/ui/year-select'
import { MOVIE_GENRES } from '@/features/movies/genres'
import {
  HOME_SORTS,
  homeFilters,
  type HomeFilters,
  type HomeSort,
} from '@/features/movies/home-search'

const GENRE_OPTIONS = [
  { value: '', label: 'All genres' },
  ...MOVIE_GENRES.map((genre) => ({ value: String(genre.id), label: genre.name })),
]

const SORT_OPTIONS = Object.entries(HOME_SORTS).map(([value, sort]) => ({
  value,
  label: sort.label,
}))

const isSort = (value: string): value is HomeSort => Object.hasOwn(HOME_SORTS, value)

/** Genre, year and order of the home grid. Each change hands over the whole new set. */
export function DiscoverFilters({
  filters,
  onChange,
}: {
  filters: HomeFilters
  onChange: (filters: HomeFilters) => void
}) {
  const change = (next: Partial<HomeFilters>) => {
    onChange(homeFilters({ ...filters, ...next }))
  }
  return (
    <div role="group" aria-label="Filter and sort" className="mb-6 grid gap-4 sm:grid-cols-3">
      <SelectField
        label="Genre"
        value={filters.genre === undefined ? '' : String(filters.genre)}
        options={GENRE_OPTIONS}
        onChange={(value) => {
          change({ genre: value ? Number(value) : undefined })
        }}
      />
      <YearSelect
        year={filters.year}
        onChange={(year) => {
          change({ year })
        }}
      />
      <SelectField
        label="Sort by"
        value={filters.sort ?? 'popularity'}
        options={SORT_OPTIONS}
        onChange={(value) => {
          change({ sort: isSort(value) && value !== 'popularity' ? value : undefined })
        }}
      />
    </div>
  )
}
