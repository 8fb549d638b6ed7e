// @ts-check
/**
 * Lists that follow the account, against a running `npm start`: a first sync of 10,000
 * entries, an incremental sync of one change, and sync requests per second from 50 clients at
 * once (each a signed-in device sending one change), with /healthz asked meanwhile: the event
 * loop must keep answering while the database works.
 */
import autocannon from 'autocannon'

export const FIRST_SYNC_ENTRIES = 10_000
export const SYNC_CLIENTS = 50
const INCREMENTAL_RUNS = 10

/**
 * @typedef {{
 *   firstSyncMs: number,
 *   incrementalMs: number,
 *   perSecond: import('./app-server.mjs').Throughput,
 *   healthzUnderLoad: { p50Ms: number, p95Ms: number, samples: number },
 * }} ListSyncMeasure
 */

/**
 * A present edit of a film, as the page sends one.
 * @param {'favorites' | 'watchlist' | 'seen'} list
 * @param {number} movieId
 * @param {number} editedAt
 */
export const edit = (list, movieId, editedAt) => ({
  list,
  movieId,
  present: true,
  editedAt,
  movie: {
    title: `Film ${movieId}`,
    poster_path: `/poster-${movieId}.jpg`,
    release_date: '1999-03-31',
    vote_average: 7.5,
    added_at: new Date(editedAt).toISOString(),
  },
})

/**
 * @param {string} baseUrl
 * @param {string} cookie
 * @param {unknown} body
 */
async function timedSync(baseUrl, cookie, body) {
  const started = performance.now()
  const response = await fetch(`${baseUrl}/api/account/lists/sync`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, cookie },
    body: JSON.stringify(body),
  })
  const answer = /** @type {{ seq: number }} */ (await response.json())
  if (response.status !== 200) throw new Error(`sync answered ${response.status}`)
  return { ms: performance.now() - started, seq: answer.seq }
}

/**
 * Asks /healthz one request at a time, 20 ms apart, until stopped: its latencies' median and 95th
 * percentile.
 * @param {string} baseUrl
 */
function probeHealth(baseUrl) {
  /** @type {number[]} */
  const samples = []
  let running = true
  const loop = (async () => {
    while (running) {
      const started = performance.now()
      const response = await fetch(`${baseUrl}/healthz`)
      await response.arrayBuffer()
      samples.push(performance.now() - started)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  })()
  return {
    async stop() {
      running = false
      await loop
      samples.sort((a, b) => a - b)
      const at = (/** @type {number} */ share) =>
        Math.round(
          (samples[Math.min(samples.length - 1, Math.floor(samples.length * share))] ?? NaN) * 10,
        ) / 10
      return { p50Ms: at(0.5), p95Ms: at(0.95), samples: samples.length }
    },
  }
}

/**
 * @param {string} baseUrl
 * @param {string[]} cookies a session per account; the first gets the 10,000 entries
 * @returns {Promise<ListSyncMeasure>}
 */
export async function measureListSync(baseUrl, cookies) {
  const [first = '', ...others] = cookies
  const now = Date.now()
  const changes = Array.from({ length: FIRST_SYNC_ENTRIES }, (_, index) =>
    edit(index % 2 ? 'watchlist' : 'seen', index + 1, now - index),
  )
  const initial = await timedSync(baseUrl, first, { since: 0, changes })

  /** @type {number[]} */
  const incremental = []
  let since = initial.seq
  for (let run = 0; run < INCREMENTAL_RUNS; run++) {
    const body = { since, changes: [edit('favorites', 900_000 + run, Date.now())] }
    const { ms, seq } = await timedSync(baseUrl, first, body)
    incremental.push(ms)
    since = seq
  }
  incremental.sort((a, b) => a - b)

  // Each connection is a device of another account, sending one new change per request.
  const devices = others.length > 0 ? others : [first]
  let sent = 0
  /** @param {boolean} measured */
  const load = (measured) =>
    autocannon({
      url: `${baseUrl}/api/account/lists/sync`,
      connections: SYNC_CLIENTS,
      duration: measured ? 5 : 1,
      requests: [
        {
          method: 'POST',
          setupRequest: (request) => {
            sent += 1
            return {
              ...request,
              headers: {
                'content-type': 'application/json',
                origin: baseUrl,
                cookie: devices[sent % devices.length] ?? first,
              },
              body: JSON.stringify({
                since: 0,
                changes: [edit('watchlist', 1_000_000 + sent, Date.now())],
              }),
            }
          },
        },
      ],
    })
  await load(false)
  const probing = probeHealth(baseUrl)
  const result = await load(true)
  const healthzUnderLoad = await probing.stop()
  return {
    healthzUnderLoad,
    firstSyncMs: Math.round(initial.ms),
    incrementalMs: Math.round((incremental[Math.floor(INCREMENTAL_RUNS / 2)] ?? NaN) * 10) / 10,
    perSecond: {
      requestsPerSecond: Math.round(result.requests.average),
      p99Ms: result.latency.p99,
      errors: result.errors,
      non2xx: result.non2xx,
    },
  }
}
