import { appendLink } from '@/lib/head-link'

const preloaded = new Set<string>()

/**
 * The build's dynamic imports go through this in place of Vite's helper of the same name
 * (build/preload-helper.ts): it preloads the chunk asked for and the chunks it imports side by
 * side, rather than one after another as the browser would find them. Vite's helper also
 * fetches the chunks' stylesheets; the app has one, inline in index.html, so this one does not.
 */
export function __vitePreload<T>(load: () => Promise<T>, files?: string[]): Promise<T> {
  for (const file of files ?? []) {
    if (file.endsWith('.css') || preloaded.has(file)) continue
    preloaded.add(file)
    appendLink({ rel: 'modulepreload', crossorigin: '', href: import.meta.env.BASE_URL + file })
  }
  return load()
}
