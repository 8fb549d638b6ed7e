import { appendLink } from '@/lib/head-link'

const preloaded = new Set<string>()

/** Replaces Vite's helper (build/preload-helper.ts); see docs/performance.md. */
export function __vitePreload<T>(load: () => Promise<T>, files?: string[]): Promise<T> {
  for (const file of files ?? []) {
    if (file.endsWith('.css') || preloaded.has(file)) continue
    preloaded.add(file)
    appendLink({ rel: 'modulepreload', crossorigin: '', href: import.meta.env.BASE_URL + file })
  }
  return load()
}
