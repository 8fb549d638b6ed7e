import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

export interface Encoded {
  br: Buffer
  gzip: Buffer
}

/** Brotli at a middle quality, and gzip: for a body compressed while its visitor waits. */
export const encodeQuickly = (body: Buffer): Encoded => ({
  br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
  gzip: gzipSync(body),
})
