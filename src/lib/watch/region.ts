import { useHydrated } from '@tanstack/react-router'
import { useSyncExternalStore } from 'react'
import { readStored, writeStored } from '@/lib/storage'
import * as v from '@/lib/validate'

const WATCH_REGION_KEY = 'watch-region'
const REGION_CODE = /^[A-Z]{2}$/
const regionSchema = v.refine(v.string(), (code) => REGION_CODE.test(code), 'a region code')
export const DEFAULT_WATCH_REGION = 'US'

/** A choice storage refused: it holds for this visit. */
let unsaved: string | undefined
const listeners = new Set<() => void>()

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}
const choice = () => unsaved ?? readStored(WATCH_REGION_KEY, regionSchema)

/** The region of the browser's first language that names or implies one ("en" is the US). */
export function browserRegion(
  languages: readonly string[] = navigator.languages,
): string | undefined {
  for (const tag of languages) {
    try {
      const region = new Intl.Locale(tag).maximize().region
      if (region && REGION_CODE.test(region)) return region
    } catch {
      // Not a language tag: the next one may be.
    }
  }
  return undefined
}

/** The person's choice, else their browser's language's region, else the US; undefined until hydrated. */
export function useWatchRegion(): string | undefined {
  const hydrated = useHydrated()
  const stored = useSyncExternalStore(subscribe, choice, () => null)
  if (!hydrated) return undefined
  return stored ?? browserRegion() ?? DEFAULT_WATCH_REGION
}

/** Kept in this browser; should storage refuse it, it still holds for this visit. */
export function chooseWatchRegion(region: string): void {
  if (!REGION_CODE.test(region)) return
  try {
    writeStored(WATCH_REGION_KEY, region)
    unsaved = undefined
  } catch {
    unsaved = region
  }
  for (const listener of listeners) listener()
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' })

export function regionName(code: string): string {
  try {
    return regionNames.of(code) ?? code
  } catch {
    return code
  }
}
