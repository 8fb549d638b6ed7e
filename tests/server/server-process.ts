import { spawn, type ChildProcess } from 'node:child_process'
import { rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

/**
 * `npm start`'s server, built as `npm run build` builds it; inside the project, so that it
 * finds its packages in node_modules. Each caller gets a folder of its own.
 */
export async function buildServerBundle(name: string) {
  const outDir = join(ROOT, 'node_modules/.cache', `${name}-${String(process.pid)}`)
  await build({
    configFile: join(ROOT, 'server/vite.config.ts'),
    logLevel: 'silent',
    build: { outDir },
  })
  return {
    main: join(outDir, 'main.js'),
    remove: () => rm(outDir, { recursive: true, force: true }),
  }
}

async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const address = probe.address()
  await new Promise<void>((resolve) =>
    probe.close(() => {
      resolve()
    }),
  )
  if (!address || typeof address === 'string') throw new Error('no free port')
  return address.port
}

export interface ServerProcess {
  child: ChildProcess
  port: number
  /** Everything it has logged so far (JSON lines). */
  log: () => string
  /** Resolves once a logged line contains `text`. */
  logged: (text: string) => Promise<void>
  /** Its exit code, once it has exited. */
  exited: Promise<number | null>
}

/** Runs the built server with `env`, until it is ready to serve. */
export async function startServerProcess(
  main: string,
  env: Record<string, string>,
): Promise<ServerProcess> {
  const port = await freePort()
  const child = spawn(process.execPath, [main], {
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const waiting: { text: string; resolve: () => void }[] = []
  const read = (chunk: Buffer) => {
    output += chunk.toString()
    for (const wait of waiting.filter(({ text }) => output.includes(text))) wait.resolve()
  }
  child.stdout.on('data', read)
  child.stderr.on('data', read)
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  const logged = (text: string) =>
    output.includes(text)
      ? Promise.resolve()
      : new Promise<void>((resolve) => waiting.push({ text, resolve }))
  await Promise.race([
    logged('serving the app'),
    exited.then((code) => {
      throw new Error(`the server exited (${String(code)}): ${output}`)
    }),
  ])
  return { child, port, log: () => output, logged, exited }
}
