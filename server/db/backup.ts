import {
  closeSync,
  existsSync,
  fsyncSync,
  openSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import type { Socket } from 'node:net'
import { lockDataDir, reachHolder } from './data-dir-lock'
import type { DatabaseLog } from './database'
import { pgDataDir, startPglite } from './pglite'

// While a server runs only it may read its data folder: a backup asks it through its lock's socket.

const REQUEST = 'backup\n'

/** The running server's side of a connection to its lock's socket. */
export function serveBackup(
  socket: Socket,
  dump: (() => Promise<Buffer>) | undefined,
  log: DatabaseLog,
) {
  // The lock's liveness checks connect and never ask.
  socket.setTimeout(10_000, () => socket.destroy())
  socket.on('error', () => undefined)
  let received = ''
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString('latin1')
    if (received.length < REQUEST.length) return
    socket.removeAllListeners('data')
    if (received !== REQUEST) {
      socket.end('error unknown request\n')
      return
    }
    const dumped = dump ? dump() : Promise.reject(new Error('the database is not open'))
    void dumped.then(
      (tarball) => {
        log.info({ bytes: tarball.length }, 'backup written')
        socket.end(Buffer.concat([Buffer.from(`ok ${tarball.length}\n`), tarball]))
      },
      (error: unknown) => {
        log.error({ err: error }, 'backup failed')
        socket.end(`error ${(error as Error).message.split('\n')[0] ?? ''}\n`)
      },
    )
  })
}

function askHolder(socket: Socket): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.on('error', reject)
    socket.on('end', () => {
      const response = Buffer.concat(chunks)
      const newline = response.indexOf('\n')
      const header = response.subarray(0, Math.max(newline, 0)).toString()
      const tarball = response.subarray(newline + 1)
      if (header === `ok ${tarball.length}`) resolve(tarball)
      else if (header.startsWith('error ')) reject(new Error(`the server: ${header.slice(6)}`))
      else reject(new Error('the server stopped before the backup was complete'))
    })
    socket.write(REQUEST)
  })
}

async function dumpStopped(dataDir: string): Promise<Buffer> {
  if (!existsSync(pgDataDir(dataDir))) {
    throw new Error(`${pgDataDir(dataDir)} does not exist: there is no database to back up`)
  }
  const lock = await lockDataDir(dataDir)
  try {
    const pglite = await startPglite(pgDataDir(dataDir))
    try {
      return Buffer.from(await (await pglite.dumpDataDir('gzip')).arrayBuffer())
    } finally {
      await pglite.close()
    }
  } finally {
    await lock.release()
  }
}

/** Through a temporary file: a backup that fails leaves nothing under its name. */
export async function writeBackup(
  dataDir: string,
  file: string,
): Promise<{ bytes: number; from: 'the running server' | 'the data folder' }> {
  const holder = await reachHolder(dataDir)
  const tarball = holder ? await askHolder(holder) : await dumpStopped(dataDir)
  const partial = `${file}.partial`
  try {
    const fd = openSync(partial, 'w', 0o600)
    try {
      writeFileSync(fd, tarball)
      fsyncSync(fd)
    } finally {
      closeSync(fd)
    }
    renameSync(partial, file)
  } catch (error) {
    rmSync(partial, { force: true })
    throw error
  }
  return { bytes: tarball.length, from: holder ? 'the running server' : 'the data folder' }
}
