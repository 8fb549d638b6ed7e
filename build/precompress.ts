import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Plugin } from 'vite'
import { onWrittenOutput } from './written-output.ts'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** Text formats worth compressing; images other than SVG are compressed already. */
const COMPRESSIBLE = /\.(?:html|js|mjs|css|svg|json|txt|xml|webmanifest)$/
/** Below this, the headers cost more than the bytes saved. */
const MIN_BYTES = 1024
/** Brotli's top quality is slow on large files (the demo catalog); above this size, 9. */
const MAX_QUALITY_BYTES = 256 * 1024

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside each text file of the build, at the
 * highest levels: compressed once here rather than on every request. The app's server
 * (`npm start`) serves them by the browser's Accept-Encoding; static hosts that look for such
 * copies do too, and the others ignore them.
 */
export function precompress(): Plugin {
  // Every file of the folder, public/ copies included.
  return onWrittenOutput('precompress', 'post', async (outDir) => {
    const files = await readdir(outDir, { recursive: true })
    await Promise.all(
      files
        .filter((fileName) => COMPRESSIBLE.test(fileName))
        .map(async (fileName) => {
          const file = join(outDir, fileName)
          const source = await readFile(file)
          if (source.length < MIN_BYTES) return
          const [br, gz] = await Promise.all([
            brotli(source, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]:
                  source.length > MAX_QUALITY_BYTES ? 9 : constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
            gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
          ])
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)])
        }),
    )
  })
}
