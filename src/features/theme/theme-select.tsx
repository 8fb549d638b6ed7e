import { Field } from '@/components/ui/field'
import { Select } from '@/components/ui/select-field'
import { themeMessages } from '@/features/theme/messages'
import {
  setThemeChoice,
  THEME_CHOICES,
  useThemeStore,
  type ThemeChoice,
} from '@/features/theme/theme-store'
import { StorageError } from '@/lib/storage'
import { notify } from '@/lib/toast'

const THEME_OPTIONS = Object.entries(THEME_CHOICES).map(([value, label]) => ({ value, label }))

export function ThemeSelect() {
  const choice = useThemeStore((state) => state.choice)
  return (
    <Field
      label="Theme"
      className="flex items-center gap-2 px-3 py-1"
      labelClassName="text-sm font-medium text-slate-300"
    >
      {(id) => (
        <Select
          id={id}
          className="rounded-md border border-slate-600 bg-slate-900 px-2 py-1 text-sm text-slate-100"
          value={choice}
          options={THEME_OPTIONS}
          onChange={(value) => {
            try {
              setThemeChoice(value as ThemeChoice)
            } catch (error) {
              if (!(error instanceof StorageError)) throw error
              notify.error(themeMessages.saveFailed)
            }
          }}
        />
      )}
    </Field>
  )
}
