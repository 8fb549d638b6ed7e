import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { connectTheme } from '@/features/theme/theme-store'
import { optionTexts } from '../queries'
import { renderRoute } from '../render-route'

/** A controllable prefers-color-scheme: light query. */
function fakeSystem(light: boolean) {
  const listeners = new Set<() => void>()
  const query = {
    matches: light,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  }
  vi.stubGlobal('matchMedia', () => query)
  return {
    set(value: boolean) {
      query.matches = value
      for (const listener of listeners) listener()
    },
  }
}

let disconnect: () => void = () => undefined
beforeEach(() => {
  delete document.documentElement.dataset.theme
})
afterEach(() => {
  disconnect()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const themeSelect = () =>
  within(screen.getByRole('navigation', { name: 'Main' })).getAllByRole('combobox', {
    name: 'Theme',
  })[0]

describe('Theme', () => {
  it('follows the system by default, live', async () => {
    const system = fakeSystem(true)
    disconnect = connectTheme()
    await renderRoute('/')
    expect(themeSelect()).toHaveValue('system')
    expect(document.documentElement.dataset.theme).toBe('light')
    system.set(false)
    expect(document.documentElement.dataset.theme).toBe('dark')
  })

  it('keeps a chosen theme, saved for the next visit, whatever the system says', async () => {
    const system = fakeSystem(false)
    disconnect = connectTheme()
    const { user } = await renderRoute('/')
    const select = themeSelect()
    if (!select) throw new Error('no theme select')
    expect(optionTexts(select)).toEqual(['System', 'Light', 'Dark'])
    await user.selectOptions(select, 'Light')
    expect(document.documentElement.dataset.theme).toBe('light')
    expect(localStorage.getItem('theme')).toBe('"light"')
    system.set(false)
    expect(document.documentElement.dataset.theme).toBe('light')
  })

  it('reads a corrupt saved value as System, and says when the choice cannot be saved', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    fakeSystem(false)
    localStorage.setItem('theme', '"purple"')
    disconnect = connectTheme()
    const { user } = await renderRoute('/')
    expect(themeSelect()).toHaveValue('system')
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError')
    })
    const select = themeSelect()
    if (!select) throw new Error('no theme select')
    await user.selectOptions(select, 'Light')
    expect(
      await screen.findByText(
        'Your theme could not be saved: browser storage is full or turned off.',
      ),
    ).toBeInTheDocument()
    expect(document.documentElement.dataset.theme).toBe('dark')
    expect(themeSelect()).toHaveValue('system')
  })
})
