import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { minifySync } from 'rolldown/utils'
import type { Plugin } from 'vite'
import { onWrittenOutput } from './written-output.ts'

/**
 * Minifies the classic scripts of public/ (theme.js) in the build. They are copied as written,
 * comments and all, and each is render-blocking and counted in the landing page's byte budget;
 * the source keeps its comments for the next reader. Before the service worker's precache list
 * and the compressed copies are made from the files.
 */
export function minifyPublicScripts(fileNames: readonly string[]): Plugin {
  return onWrittenOutput('minify-public-scripts', 'pre', async (outDir) => {
    await Promise.all(
      fileNames.map(async (fileName) => {
        const file = join(outDir, fileName)
        const { code, errors } = minifySync(fileName, await readFile(file, 'utf8'))
        if (errors.length > 0) {
          throw new Error(`${fileName} could not be minified: ${errors[0]?.message ?? ''}`)
        }
        await writeFile(file, code)
      }),
    )
  })
}
