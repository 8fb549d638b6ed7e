import type { Plugin } from 'vite'

/**
 * A plugin of the build alone that works on the files of the folder the bundle was written to,
 * once it is written: `pre`, before the plugins that read them (the service worker's precache
 * list); `post`, after every other.
 */
export function onWrittenOutput(
  name: string,
  order: 'pre' | 'post',
  work: (outDir: string) => Promise<void>,
): Plugin {
  return {
    name,
    apply: 'build',
    writeBundle: {
      order,
      handler: ({ dir }) => {
        if (dir === undefined) throw new Error(`${name}: the build was written to no folder`)
        return work(dir)
      },
    },
  }
}
