import { useId, useState } from 'react'
import {
  countLabel,
  DEFAULT_LIST_SORT,
  LIST_SORTS,
  MAX_FILTER_LENGTH,
  type ListSort,
  type ListViewSearch,
} from '@/features/lists/list-view'

/** "Sort by", "Filter" and the count of movies shown, for a list page. */
export function ListTools({
  search,
  onSearchChange,
  shown,
  total,
  defaultSort = DEFAULT_LIST_SORT,
}: {
  defaultSort?: ListSort
  search: ListViewSearch
  onSearchChange: (next: ListViewSearch) => void
  shown: number
  total: number
}) {
  const sortId = useId()
  const filterId = useId()
  // The box keeps what was typed (spaces included); the URL gets it as typed, or nothing.
  const [draft, setDraft] = useState(search.filter ?? '')
  const [urlFilter, setUrlFilter] = useState(search.filter)
  if (urlFilter !== search.filter) {
    // Back, Forward or a link changed the filter: show it.
    setUrlFilter(search.filter)
    if ((search.filter ?? '') !== draft.trim()) setDraft(search.filter ?? '')
  }
  return (
    <div className="flex flex-wrap items-end gap-4">
      <div>
        <label htmlFor={sortId} className="mb-1 block text-sm font-medium text-slate-300">
          Sort by
        </label>
        <select
          id={sortId}
          className="field-input"
          value={search.sort ?? defaultSort}
          onChange={(event) => {
            const sort = event.target.value as ListSort
            onSearchChange({ ...search, sort: sort === defaultSort ? undefined : sort })
          }}
        >
          {Object.entries(LIST_SORTS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className="min-w-48 flex-1 sm:max-w-xs">
        <label htmlFor={filterId} className="mb-1 block text-sm font-medium text-slate-300">
          Filter
        </label>
        <input
          id={filterId}
          type="search"
          className="field-input"
          autoComplete="off"
          maxLength={MAX_FILTER_LENGTH}
          value={draft}
          onChange={(event) => {
            const text = event.target.value
            setDraft(text)
            onSearchChange({ ...search, filter: text.trim() ? text : undefined })
          }}
        />
      </div>
      <p role="status" className="pb-2 text-sm text-slate-300">
        {countLabel(shown, total)}
      </p>
    </div>
  )
}
