// @vitest-environment node
import { request as httpRequest, Agent, type IncomingHttpHeaders } from 'node:http'
import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildServer } from '../../server/app'
import { readServerConfig } from '../../server/config'
import { FORCED_CLOSE_MESSAGE, stopGracefully } from '../../server/lifecycle/shutdown'
import { buildServerBundle, startServerProcess } from './server-process'
import { DISCOVER, makeDist, startFakeTmdb } from './support'

let dist: Awaited<ReturnType<typeof makeDist>>
let tmdb: Awaited<ReturnType<typeof startFakeTmdb>>
beforeAll(async () => {
  dist = await makeDist()
  tmdb = await startFakeTmdb()
})
afterAll(async () => {
  await tmdb.close()
  await dist.remove()
})

function get(port: number, path: string, agent: Agent) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      httpRequest({ host: '127.0.0.1', port, path, agent }, (response) => {
        let body = ''
        response.on('data', (chunk: Buffer) => (body += chunk.toString()))
        response.on('end', () => {
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body })
        })
      })
        .on('error', reject)
        .end()
    },
  )
}

/** The fake TMDB holds each request until `release` is called; `arrived` once one has come. */
function holdTmdbRequests(tmdb: Awaited<ReturnType<typeof startFakeTmdb>>) {
  let release: () => void = () => undefined
  const held = new Promise<void>((resolve) => (release = resolve))
  const arrived = new Promise<void>((resolve) => {
    tmdb.behave(async (_request, _response, answer) => {
      resolve()
      await held
      await answer()
    })
  })
  return { arrived, release }
}

/**
 * A keep-alive connection that has had one answer, as a load balancer's would be, and sends its
 * next request when told: written at once, before the server can read it.
 */
async function keptAlive(port: number) {
  const socket = connect(port, '127.0.0.1')
  await new Promise((resolve) => socket.once('connect', resolve))
  let received = ''
  const errors: string[] = []
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')))
  socket.on('error', (error: NodeJS.ErrnoException) => errors.push(error.code ?? error.message))
  const closed = new Promise((resolve) => socket.once('close', resolve))
  const request = (path: string) => `GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`
  socket.write(request('/healthz'))
  while (!received.includes('{"status":"ok"}'))
    await new Promise((resolve) => setTimeout(resolve, 5))
  received = ''
  return {
    send: (path: string) => socket.write(request(path)),
    /** What came back once the server closed the connection, and any socket error. */
    answered: closed.then(() => ({ received, errors })),
  }
}

/** The production server over the fake TMDB, listening on a port of its own. */
async function listening() {
  const config = readServerConfig({
    DIST_DIR: dist.dir,
    ACCOUNTS: 'local',
    TMDB_TOKEN: 't',
    TMDB_API_URL: tmdb.apiUrl,
  })
  const { app, state } = await buildServer(config, { logger: false })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  return { app, state, port: typeof address === 'object' && address ? address.port : 0 }
}

describe('shutting down', () => {
  it('turns /readyz to 503 at once, finishes in-flight requests, closes idle sockets and exits 0', async () => {
    tmdb.behave(async (_request, _response, answer) => {
      await new Promise((resolve) => setTimeout(resolve, 300))
      await answer()
    })
    const { app, state, port } = await listening()

    // An idle keep-alive connection, which would otherwise hold the server open.
    const idle = new Agent({ keepAlive: true })
    expect((await get(port, '/healthz', idle)).status).toBe(200)
    const busy = new Agent({ keepAlive: true })
    const inFlight = get(port, DISCOVER, busy)
    await new Promise((resolve) => setTimeout(resolve, 50))

    const exits: number[] = []
    const stopping = stopGracefully(app, state, {
      delayMs: 50,
      exit: (code) => exits.push(code),
    })('SIGTERM')
    expect(state.accepting).toBe(false)
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(503)

    const finished = await inFlight
    expect(finished.status).toBe(200)
    expect(JSON.parse(finished.body)).toMatchObject({ page: 1 })
    await stopping
    expect(exits).toEqual([0])
    await expect(get(port, '/healthz', new Agent())).rejects.toThrow(/ECONNREFUSED/)
    idle.destroy()
    busy.destroy()
  })

  it('answers every request already sent, read or not, and accepts while /readyz says 503', async () => {
    tmdb.behave(async (_request, _response, answer) => {
      await new Promise((resolve) => setTimeout(resolve, 100))
      await answer()
    })
    const { app, state, port } = await listening()
    const connections = await Promise.all(Array.from({ length: 21 }, () => keptAlive(port)))

    const exits: number[] = []
    const stop = stopGracefully(app, state, { delayMs: 300, exit: (code) => exits.push(code) })
    // A busy server: the requests are in its sockets, unread, when the signal comes.
    connections.forEach((connection, i) => connection.send(i % 3 === 0 ? DISCOVER : '/healthz'))
    const stopping = stop('SIGTERM')

    // Still listening: a load balancer's probe on a new connection is told "not ready".
    const probe = await get(port, '/readyz', new Agent())
    expect(probe.status).toBe(503)
    expect(JSON.parse(probe.body)).toEqual({ status: 'shutting down' })

    for (const { received, errors } of await Promise.all(connections.map((c) => c.answered))) {
      expect(errors).toEqual([])
      expect(received).toMatch(/^HTTP\/1\.1 200 OK\r\n/)
      expect(received.toLowerCase()).toContain('connection: close')
    }
    await stopping
    expect(exits).toEqual([0])
    await expect(get(port, '/healthz', new Agent())).rejects.toThrow(/ECONNREFUSED/)
  })
})

describe('npm start, told to stop while it answers a keep-alive client', () => {
  let bundle: Awaited<ReturnType<typeof buildServerBundle>>
  beforeAll(async () => {
    bundle = await buildServerBundle('shutdown-test-server')
  })
  afterAll(() => bundle.remove())

  it('sends that answer with Connection: close and exits 0 once it is sent, before the grace period ends', async () => {
    const server = await startServerProcess(bundle.main, {
      DIST_DIR: dist.dir,
      ACCOUNTS: 'local',
      TMDB_TOKEN: 't',
      TMDB_API_URL: tmdb.apiUrl,
      LOG_LEVEL: 'info',
      SHUTDOWN_DELAY_MS: '100',
    })
    try {
      const idle = new Agent({ keepAlive: true })
      expect((await get(server.port, '/healthz', idle)).status).toBe(200)
      const tmdbRequest = holdTmdbRequests(tmdb)
      const busy = new Agent({ keepAlive: true })
      const inFlight = get(server.port, DISCOVER, busy)
      await tmdbRequest.arrived

      server.child.kill('SIGTERM')
      await server.logged('shutting down')
      tmdbRequest.release()

      const finished = await inFlight
      expect(finished.status).toBe(200)
      expect(JSON.parse(finished.body)).toMatchObject({ page: 1 })
      expect(finished.headers.connection).toBe('close')
      expect(await server.exited).toBe(0)
      // It exited when the answer was sent, not when the grace timer closed the connection.
      expect(server.log()).not.toContain(FORCED_CLOSE_MESSAGE)
      idle.destroy()
      busy.destroy()
    } finally {
      server.child.kill('SIGKILL')
      tmdb.behave(undefined)
    }
  })
})
