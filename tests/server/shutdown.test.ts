// @vitest-environment node
import { request as httpRequest, Agent, type IncomingHttpHeaders } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildServer } from '../../server/app'
import { readServerConfig } from '../../server/config'
import { FORCED_CLOSE_MESSAGE, stopGracefully } from '../../server/shutdown'
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

describe('shutting down', () => {
  it('turns /readyz to 503 at once, finishes in-flight requests, closes idle sockets and exits 0', async () => {
    tmdb.behave(async (_request, _response, answer) => {
      await new Promise((resolve) => setTimeout(resolve, 300))
      await answer()
    })
    const config = readServerConfig({
      DIST_DIR: dist.dir,
      ACCOUNTS: 'local',
      TMDB_TOKEN: 't',
      TMDB_API_URL: tmdb.apiUrl,
    })
    const { app, state } = await buildServer(config, { logger: false })
    await app.listen({ port: 0, host: '127.0.0.1' })
    const address = app.server.address()
    const port = typeof address === 'object' && address ? address.port : 0

    // An idle keep-alive connection, which would otherwise hold the server open.
    const idle = new Agent({ keepAlive: true })
    expect((await get(port, '/healthz', idle)).status).toBe(200)
    const busy = new Agent({ keepAlive: true })
    const inFlight = get(port, DISCOVER, busy)
    await new Promise((resolve) => setTimeout(resolve, 50))

    const exits: number[] = []
    const stopping = stopGracefully(app, state, { exit: (code) => exits.push(code) })('SIGTERM')
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
