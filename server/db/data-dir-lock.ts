import { randomBytes } from 'node:crypto'
import { mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs'
import { connect, createServer, type Server, type Socket } from 'node:net'
import { join, relative } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { ConfigError } from '../config'

// One process per data folder: each listens on a socket of its own in DATA_DIR/lock/, then tries
// the others; one that accepts is alive, one that refuses is a dead process's. Listening before
// looking means two starting together never both proceed. No pid or timestamp to go stale.

const ATTEMPTS = 8
// sun_path holds 104 bytes on macOS (108 on Linux), with the terminating NUL.
const MAX_SOCKET_PATH = 100

export interface DataDirLock {
  release(): Promise<void>
}

export const lockDir = (dataDir: string) => join(dataDir, 'lock')

// Relative when shorter: listen and connect truncate a long path.
function socketAddress(path: string): string {
  const fromHere = relative(process.cwd(), path)
  const address = fromHere.length < path.length ? fromHere : path
  if (Buffer.byteLength(address) > MAX_SOCKET_PATH) {
    throw new ConfigError(`DATA_DIR's path is too long for its lock (${path}): use a shorter one`)
  }
  return address
}

function reach(path: string): Promise<Socket | undefined> {
  return new Promise((resolve) => {
    const socket = connect(socketAddress(path))
    socket.once('connect', () => {
      resolve(socket)
    })
    socket.once('error', (error: NodeJS.ErrnoException) => {
      // Anything else (a full backlog) means someone is there.
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

/** The live holder's socket, connected; left-over sockets are removed on the way. */
export async function reachHolder(dataDir: string, except?: string): Promise<Socket | undefined> {
  const dir = lockDir(dataDir)
  for (const name of socketsIn(dir)) {
    if (name === except) continue
    const socket = await reach(join(dir, name))
    if (socket) return socket
    // A name is never used twice: nobody else can own this file now.
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

/** The data folder for this process, or a ConfigError when another has it. */
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
      // Named once listening: bound but not listening, it would refuse, as a dead one does.
      await listen(server, join(dir, `${id}.tmp`))
      renameSync(join(dir, `${id}.tmp`), path)
    } catch (error) {
      await close(server)
      if (error instanceof ConfigError) throw error
      throw new ConfigError(
        `DATA_DIR ${dataDir} must be a local folder this process can write: cannot create its lock (${(error as Error).message})`,
      )
    }
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
