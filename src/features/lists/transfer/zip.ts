// Not fflate's unzipSync, which trusts declared sizes: inflating in counted chunks stops ZIP bombs.
import { Inflate } from 'fflate'

export class ZipError extends Error {
  override readonly name = 'ZipError'
  constructor(
    readonly reason: 'damaged' | 'too-large',
    readonly file = '',
  ) {
    super(`ZIP ${reason}${file ? `: ${file}` : ''}`)
  }
}

export interface ZipEntry {
  name: string
  /** 0 stored, 8 deflated. */
  method: number
  compressedSize: number
  size: number
  localHeader: number
  encrypted: boolean
}

const END_OF_DIRECTORY = 0x06054b50
const DIRECTORY_ENTRY = 0x02014b50
const LOCAL_HEADER = 0x04034b50
/** The end record is 22 bytes, followed by a comment of up to 65,535. */
const END_SEARCH = 22 + 0xffff
/** Deflate expands at most about 1,032 times: 4 KiB in never gives more than about 4 MiB out. */
const INFLATE_CHUNK = 4096

const names = new TextDecoder()

function reader(zip: Uint8Array) {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength)
  const within = (at: number, length: number) => {
    if (at < 0 || at + length > zip.length) throw new ZipError('damaged')
    return at
  }
  return {
    u16: (at: number) => view.getUint16(within(at, 2), true),
    u32: (at: number) => view.getUint32(within(at, 4), true),
    bytes: (at: number, length: number) => zip.subarray(within(at, length), at + length),
  }
}

export function listZipEntries(zip: Uint8Array): ZipEntry[] {
  const read = reader(zip)
  let end = zip.length - 22
  const last = Math.max(0, zip.length - END_SEARCH)
  while (end >= last && read.u32(end) !== END_OF_DIRECTORY) end--
  if (end < last) throw new ZipError('damaged')
  const count = read.u16(end + 10)
  let at = read.u32(end + 16)
  const entries: ZipEntry[] = []
  for (let index = 0; index < count; index++) {
    if (read.u32(at) !== DIRECTORY_ENTRY) throw new ZipError('damaged')
    const nameLength = read.u16(at + 28)
    entries.push({
      name: names.decode(read.bytes(at + 46, nameLength)),
      method: read.u16(at + 10),
      encrypted: (read.u16(at + 8) & 1) === 1,
      compressedSize: read.u32(at + 20),
      size: read.u32(at + 24),
      localHeader: read.u32(at + 42),
    })
    at += 46 + nameLength + read.u16(at + 30) + read.u16(at + 32)
  }
  return entries
}

/** One file's bytes; ZipError 'too-large' past `maxBytes`, 'damaged' if not as declared. */
export function readZipEntry(zip: Uint8Array, entry: ZipEntry, maxBytes: number): Uint8Array {
  if (entry.size > maxBytes) throw new ZipError('too-large', entry.name)
  if (entry.encrypted) throw new ZipError('damaged', entry.name)
  const read = reader(zip)
  const header = entry.localHeader
  if (read.u32(header) !== LOCAL_HEADER) throw new ZipError('damaged', entry.name)
  const start = header + 30 + read.u16(header + 26) + read.u16(header + 28)
  const data = read.bytes(start, entry.compressedSize)
  let bytes: Uint8Array
  if (entry.method === 0) bytes = data
  else if (entry.method === 8) bytes = inflate(data, maxBytes, entry.name)
  else throw new ZipError('damaged', entry.name)
  if (bytes.length !== entry.size) throw new ZipError('damaged', entry.name)
  return bytes
}

function inflate(data: Uint8Array, maxBytes: number, name: string): Uint8Array {
  if (data.length === 0) return data
  const out = { chunks: [] as Uint8Array[], size: 0, ended: false }
  const inflater = new Inflate((chunk, final) => {
    out.size += chunk.length
    if (out.size > maxBytes) throw new ZipError('too-large', name)
    out.chunks.push(chunk)
    out.ended = final
  })
  try {
    for (let at = 0; !out.ended && at < data.length; at += INFLATE_CHUNK)
      inflater.push(data.subarray(at, at + INFLATE_CHUNK), at + INFLATE_CHUNK >= data.length)
  } catch (error) {
    if (error instanceof ZipError) throw error
    throw new ZipError('damaged', name) // fflate's own: invalid deflate data
  }
  if (!out.ended) throw new ZipError('damaged', name)
  const bytes = new Uint8Array(out.size)
  let offset = 0
  for (const chunk of out.chunks) {
    bytes.set(chunk, offset)
    offset += chunk.length
  }
  return bytes
}
