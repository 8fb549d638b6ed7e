import { useLayoutEffect } from 'react'

let markHydrated = () => {}

/** Settles once the first page's content (below the navigation bar) has hydrated. */
export const pageContentHydrated = new Promise<void>((resolve) => {
  markHydrated = resolve
})

/** Called by what every page's content renders: its h1, or the loading notice. */
export function useMarkPageContentHydrated(): void {
  useLayoutEffect(() => {
    markHydrated()
  }, [])
}
