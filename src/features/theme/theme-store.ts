// public/theme.js applies the choice before the first paint; this store keeps it right afterwards.
import { create } from 'zustand'
import { onStoredChange, readStored, writeStored } from '@/lib/storage'
import * as v from '@/lib/validate'

export const THEME_KEY = 'theme'
export const THEME_CHOICES = { system: 'System', light: 'Light', dark: 'Dark' } as const
export type ThemeChoice = keyof typeof THEME_CHOICES
export type Theme = 'light' | 'dark'

const themeChoiceSchema = v.oneOf(['system', 'light', 'dark'])

interface ThemeState {
  choice: ThemeChoice
  theme: Theme
}

const systemQuery = () =>
  typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-color-scheme: light)')
    : null

const resolve = (choice: ThemeChoice): Theme =>
  choice === 'system' ? (systemQuery()?.matches ? 'light' : 'dark') : choice

export const useThemeStore = create<ThemeState>()(() => ({ choice: 'system', theme: 'dark' }))

function apply(choice: ThemeChoice) {
  const theme = resolve(choice)
  document.documentElement.dataset.theme = theme
  useThemeStore.setState({ choice, theme })
}

export function setThemeChoice(choice: ThemeChoice): void {
  writeStored(THEME_KEY, choice)
  apply(choice)
}

export function connectTheme(): () => void {
  const load = () => {
    apply(readStored(THEME_KEY, themeChoiceSchema) ?? 'system')
  }
  load()
  const query = systemQuery()
  const onSystemChange = () => {
    if (useThemeStore.getState().choice === 'system') apply('system')
  }
  query?.addEventListener('change', onSystemChange)
  const unsubscribeStorage = onStoredChange((key) => key === THEME_KEY, load)
  return () => {
    query?.removeEventListener('change', onSystemChange)
    unsubscribeStorage()
  }
}
