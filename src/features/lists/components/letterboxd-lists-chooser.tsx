import { useId, useState } from 'react'
import { Field } from '@/components/ui/field'
import { Select } from '@/components/ui/select-field'
import { LIST_NAMES, transferMessages } from '@/features/lists/transfer/messages'
import type { LetterboxdList, ListKind } from '@/features/lists/transfer/plan'

const SKIP = ''
const TARGETS = [
  { value: SKIP, label: transferMessages.skipList },
  ...Object.entries(LIST_NAMES).map(([value, label]) => ({ value, label })),
]
const isListKind = (value: string): value is ListKind => Object.hasOwn(LIST_NAMES, value)

export function LetterboxdListsChooser({
  lists,
  onSubmit,
}: {
  lists: readonly LetterboxdList[]
  onSubmit: (targets: readonly (ListKind | null)[]) => void
}) {
  const [targets, setTargets] = useState<string[]>(() => lists.map(() => SKIP))
  const hintId = useId()
  return (
    <form
      className="space-y-3 rounded-lg border border-slate-700 p-3"
      onSubmit={(event) => {
        event.preventDefault()
        onSubmit(targets.map((target) => (isListKind(target) ? target : null)))
      }}
    >
      <fieldset aria-describedby={hintId} className="space-y-2">
        <legend className="font-semibold">{transferMessages.listsLegend}</legend>
        <p id={hintId} className="text-slate-300">
          {transferMessages.listsHint}
        </p>
        {lists.map((list, index) => (
          <Field
            key={list.file}
            label={transferMessages.listLabel(list.name, list.rows.length)}
            className="flex flex-wrap items-center gap-2"
            labelClassName="min-w-48"
          >
            {(id) => (
              <Select
                id={id}
                className="field-input w-auto"
                value={targets[index] ?? SKIP}
                options={TARGETS}
                onChange={(value) => {
                  setTargets((current) => current.map((old, at) => (at === index ? value : old)))
                }}
              />
            )}
          </Field>
        ))}
      </fieldset>
      <button type="submit" className="btn-secondary text-sm">
        {transferMessages.importLists}
      </button>
    </form>
  )
}
