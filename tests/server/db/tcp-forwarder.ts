import { createServer, connect, type Socket } from 'node:net'

interface Pair {
  client: Socket
  upstream: Socket
  /** What the client sent lately, to find a marker split across chunks. */
  tail: string
  held: { to: Socket; chunk: Buffer }[]
}

/**
 * A TCP forwarder on 127.0.0.1 in front of the PostgreSQL server at `serverUrl`, that a test can make fail:
 * reset every connection, reset the one that sends some text, hold every byte (a network that
 * drops packets), or refuse new connections.
 */
export async function startForwarder(serverUrl: string) {
  const target = new URL(serverUrl)
  const pairs = new Set<Pair>()
  const cuts: { marker: string; resolve: () => void }[] = []
  let holding = false
  let refusing = false

  const reset = (pair: Pair) => {
    pairs.delete(pair)
    pair.client.resetAndDestroy()
    pair.upstream.destroy()
  }
  const forward = (pair: Pair, to: Socket, chunk: Buffer) => {
    if (holding) pair.held.push({ to, chunk })
    else to.write(chunk)
  }

  const server = createServer((client) => {
    if (refusing) {
      client.resetAndDestroy()
      return
    }
    const upstream = connect(Number(target.port || 5432), target.hostname)
    const pair: Pair = { client, upstream, tail: '', held: [] }
    pairs.add(pair)
    client.on('data', (chunk: Buffer) => {
      const seen = pair.tail + chunk.toString('latin1')
      const cut = cuts.find(({ marker }) => seen.includes(marker))
      if (cut) {
        cuts.splice(cuts.indexOf(cut), 1)
        reset(pair)
        cut.resolve()
        return
      }
      pair.tail = seen.slice(-200)
      forward(pair, upstream, chunk)
    })
    upstream.on('data', (chunk: Buffer) => {
      forward(pair, client, chunk)
    })
    const end = () => {
      if (!pairs.delete(pair)) return
      client.destroy()
      upstream.destroy()
    }
    client.on('error', end).on('close', end)
    upstream.on('error', end).on('close', end)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('the forwarder has no port')
  const port = address.port

  return {
    port,
    /** `url` with this forwarder's host and port in place of the server's. */
    via(url: string): string {
      const through = new URL(url)
      through.hostname = '127.0.0.1'
      through.port = String(port)
      return through.toString()
    },
    get connections() {
      return pairs.size
    },
    /** Resets every connection, as a restarting server or a broken link would. */
    cutAll() {
      for (const pair of [...pairs]) reset(pair)
    },
    /** Resets the next connection to send `marker`, before that chunk reaches the server. */
    cutWhenSent(marker: string): Promise<void> {
      return new Promise((resolve) => cuts.push({ marker, resolve }))
    },
    /** While on, nothing goes through either way; turned off, what was held goes on. */
    hold(on: boolean) {
      holding = on
      if (on) return
      for (const pair of pairs) {
        for (const { to, chunk } of pair.held.splice(0)) to.write(chunk)
      }
    },
    /** While on, new connections are reset as soon as they are accepted. */
    refuse(on: boolean) {
      refusing = on
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const pair of [...pairs]) reset(pair)
        server.close(() => {
          resolve()
        })
      }),
  }
}

export type Forwarder = Awaited<ReturnType<typeof startForwarder>>
