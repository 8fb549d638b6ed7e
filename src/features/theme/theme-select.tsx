import { useId } from 'react'
import { themeMessages } from '@/features/theme/messages'
import {
  setThemeChoice,
  THEME_CHOICES,
  useThemeStore,
  type ThemeChoice,
} from '@/features/theme/theme-store'
import { StorageError } from '@/lib/storage'
import { notify } from '@/lib/toast'

/** "Theme": System, Light or Dark, in the navigation bar. */
export function ThemeSelect() {
  const id = useId()
  const choice = useThemeStore((state) => state.choice)
  return (
    <div className="flex items-center gap-2 px-3 py-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-300">
        Theme
      </label>
      <select
        id={id}
        className="rounded-md border border-slate-600 bg-slate-900 px-2 py-1 text-sm text-slate-100"
        value={choice}
        onChange={(event) => {
          try {
            setThemeChoice(event.target.value as ThemeChoice)
          } catch (error) {
            if (!(error instanceof StorageError)) throw error
            notify.error(themeMessages.saveFailed)
          }
        }}
      >
        {Object.entries(THEME_CHOICES).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </div>
  )
}
