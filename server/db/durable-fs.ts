import fs from 'node:fs'
import { PGlite, type PGliteOptions } from '@electric-sql/pglite'
import { NodeFS } from '@electric-sql/pglite/nodefs'

interface NodeFsStream {
  nfd?: number
  node: unknown
}
interface EmscriptenNodeFs {
  stream_ops: { fsync?: (stream: NodeFsStream) => number }
  realPath(node: unknown): string
}

// PGlite starts PostgreSQL with fsync off (-F) and Emscripten's NODEFS has no fsync: a killed
// process loses nothing, but a power cut could. This adds an fsync that reaches the disk.
export class DurableNodeFS extends NodeFS {
  override async init(pg: PGlite, options: Parameters<NodeFS['init']>[1]) {
    const { emscriptenOpts } = await super.init(pg, options)
    const preRun = [
      ...(emscriptenOpts.preRun ?? []),
      (module: { NODEFS?: EmscriptenNodeFs }) => {
        const nodefs = module.NODEFS
        if (!nodefs?.stream_ops || typeof nodefs.realPath !== 'function') {
          throw new Error(
            'PGlite no longer mounts its data folder with NODEFS: check durable-fs.ts',
          )
        }
        nodefs.stream_ops.fsync = (stream) => {
          if (typeof stream.nfd === 'number') fs.fsyncSync(stream.nfd)
          else syncPath(nodefs.realPath(stream.node))
          return 0
        }
      },
    ]
    return { emscriptenOpts: { ...emscriptenOpts, preRun } }
  }
}

// A directory: PostgreSQL syncs one after creating or renaming a file in it.
function syncPath(path: string) {
  const fd = fs.openSync(path, 'r')
  try {
    fs.fsyncSync(fd)
  } finally {
    fs.closeSync(fd)
  }
}

/** PGlite's own start parameters, with fsync on (fdatasync is a no-op in Emscripten). */
export const durableStartParams = (): NonNullable<PGliteOptions['startParams']> => [
  ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
  '-c',
  'wal_sync_method=fsync',
]
