import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** `shared/real-data`, beside the repository here as in CI. */
const REAL_DATA = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'shared', 'real-data')

/**
 * A file of the shared real data (see its PROVENANCE.md), read where it lives: tests read it
 * there rather than keep copies.
 */
export function readRealData(path: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(readFileSync(join(REAL_DATA, path)))
}
