import { Field } from '@/components/ui/field'
import { Select } from '@/components/ui/select-field'
import { countLabel } from '@/features/lists/list-view'
import {
  DEFAULT_LIST_SORT,
  LIST_SORTS,
  MAX_FILTER_LENGTH,
  type ListSort,
  type ListViewSearch,
} from '@/features/lists/list-view-search'
import type { ReactNode } from 'react'
import { useDraft } from '@/hooks/use-draft'

const SORT_OPTIONS = Object.entries(LIST_SORTS).map(([value, label]) => ({ value, label }))
const LABEL_CLASS = 'mb-1 block text-sm font-medium text-slate-300'

export interface SortChoice {
  options: readonly { value: string; label: string }[]
  default: string
}

const LIST_SORT_CHOICE: SortChoice = { options: SORT_OPTIONS, default: DEFAULT_LIST_SORT }

export function ListTools({
  search,
  onSearchChange,
  shown,
  total,
  sorts = LIST_SORT_CHOICE,
  children,
}: {
  search: ListViewSearch
  onSearchChange: (next: ListViewSearch) => void
  shown: number
  total: number
  sorts?: SortChoice
  children?: ReactNode
}) {
  const [draft, setDraft] = useDraft(search.filter ?? '')
  return (
    <div className="flex flex-wrap items-end gap-4">
      <Field label="Sort by" labelClassName={LABEL_CLASS}>
        {(id) => (
          <Select
            id={id}
            value={search.sort ?? sorts.default}
            options={sorts.options}
            onChange={(value) => {
              const sort = value as ListSort
              onSearchChange({ ...search, sort: sort === sorts.default ? undefined : sort })
            }}
          />
        )}
      </Field>
      <Field label="Filter" className="min-w-48 flex-1 sm:max-w-xs" labelClassName={LABEL_CLASS}>
        {(id) => (
          <input
            id={id}
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
        )}
      </Field>
      {children}
      <p role="status" className="pb-2 text-sm text-slate-300">
        {countLabel(shown, total)}
      </p>
    </div>
  )
}
