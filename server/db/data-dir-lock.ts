import { randomBytes } from 'node:crypto'
import { mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs'
import { connect, createServer, type Server, type Socket } from 'node:net'
import { join, relative } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { ConfigError } from '../config'

/**
 * One process per data folder. Each process that opens DATA_DIR listens on a socket of its own
 * in DATA_DIR/lock/ (a random name, never reused; it appears there only once listening), then
 * tries every other socket there: one that answers belongs to a live process, and it backs
 * off; one that refuses was left by a process that died (even by SIGKILL: the kernel closes its
 * socket), and is removed. Since each process listens before it looks, of two starting together
 * at least one sees the other: never both proceed. Backing off is retried after short random
 * waits, so that one of several starting at once wins. No pid to outlive its process, no
 * timestamp to go stale while PGlite keeps the event loop busy. The holder's socket also serves
 * its backups (backup.ts).
 */

const ATTEMPTS = 8
/** sun_path holds 104 bytes on macOS (108 on Linux), with the terminating NUL. */
const MAX_SOCKET_PATH = 100

export interface DataDirLock {
  /** After the database is closed: removes the socket, so the next process starts at once. */
  release(): Promise<void>
}

export const lockDir = (dataDir: string) => join(dataDir, 'lock')

/** A socket's path as given to listen/connect (relative when shorter): they truncate a long one. */
function socketAddress(path: string): string {
  const fromHere = relative(process.cwd(), path)
  const address = fromHere.length < path.length ? fromHere : path
  if (Buffer.byteLength(address) > MAX_SOCKET_PATH) {
    throw new ConfigError(`DATA_DIR's path is too long for its lock (${path}): use a shorter one`)
  }
  return address
}

/** Connects to a socket in the lock folder: the live process's, or undefined. */
function reach(path: string): Promise<Socket | undefined> {
  return new Promise((resolve) => {
    const socket = connect(socketAddress(path))
    socket.once('connect', () => {
      resolve(socket)
    })
    socket.once('error', (error: NodeJS.ErrnoException) => {
      // Refused: nobody listens any more. Gone: its process released it meanwhile. Anything
      // else (a full backlog) means someone is there.
      resolve(error.code === 'ECONNREFUSED' || error.code === 'ENOENT' ? undefined : socket)
    })
  })
}

const socketsIn = (dir: string) => {
  try {
    return readdirSync(dir).filter((name) => name.endsWith('.sock'))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
}

/**
 * The live process's socket in the folder, connected (the backup client talks to it), or
 * undefined when nobody holds it. Left-over sockets are removed on the way.
 */
export async function reachHolder(dataDir: string, except?: string): Promise<Socket | undefined> {
  const dir = lockDir(dataDir)
  for (const name of socketsIn(dir)) {
    if (name === except) continue
    const socket = await reach(join(dir, name))
    if (socket) return socket
    // Its process is gone, and a name is never used twice: nobody else can own this file now.
    rmSync(join(dir, name), { force: true })
  }
  return undefined
}

function listen(server: Server, path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(socketAddress(path), () => {
      server.off('error', reject)
      resolve()
    })
  })
}

const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.close(() => {
      resolve()
    })
  })

const inUse = (dataDir: string) =>
  new ConfigError(
    `DATA_DIR ${dataDir} is in use by another running server: one process per data folder (several need DATABASE_URL)`,
  )

/**
 * Takes the data folder for this process, or throws a one-line ConfigError when another
 * process has it. `onConnection` gets every connection to this process's socket.
 */
export async function lockDataDir(
  dataDir: string,
  onConnection: (socket: Socket) => void = (socket) => socket.end(),
): Promise<DataDirLock> {
  const dir = lockDir(dataDir)
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 })
  } catch (error) {
    throw new ConfigError(`DATA_DIR ${dataDir} cannot be created: ${(error as Error).message}`)
  }
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const id = randomBytes(8).toString('hex')
    const path = join(dir, `${id}.sock`)
    const connections = new Set<Socket>()
    const server = createServer((socket) => {
      connections.add(socket)
      socket.once('close', () => connections.delete(socket))
      onConnection(socket)
    })
    try {
      // Bound but not yet listening, a socket refuses connections: it gets its name after.
      await listen(server, join(dir, `${id}.tmp`))
      renameSync(join(dir, `${id}.tmp`), path)
    } catch (error) {
      await close(server)
      if (error instanceof ConfigError) throw error
      throw new ConfigError(
        `DATA_DIR ${dataDir} must be a local folder this process can write: cannot create its lock (${(error as Error).message})`,
      )
    }
    // The lock alone never keeps the process running.
    server.unref()
    const release = async () => {
      const closed = close(server)
      for (const socket of connections) socket.destroy()
      await closed
      rmSync(path, { force: true })
    }
    const other = await reachHolder(dataDir, `${id}.sock`)
    if (!other) return { release }
    other.destroy()
    await release()
    if (attempt < ATTEMPTS) await sleep(10 + Math.random() * 20 * attempt)
  }
  throw inUse(dataDir)
}
