// @ts-check
/** The "Accounts (npm start)" section: the embedded database and PostgreSQL, row by row. */
import { ACCOUNT_OPERATIONS } from './accounts.mjs'
import { FIRST_SYNC_ENTRIES, SYNC_CLIENTS } from './list-sync.mjs'
import { BUDGETS, checked, info, ms } from './report.mjs'

/**
 * @typedef {import('./report.mjs').Section} Section
 * @typedef {import('./report.mjs').Row} Row
 * @typedef {import('./app-server.mjs').Throughput} Throughput
 * @typedef {import('./accounts.mjs').AccountsMeasure} AccountsMeasure
 * @typedef {import('./accounts.mjs').AccountsResult} AccountsResult
 */

const LABELS = { embedded: 'embedded', postgres: 'PostgreSQL' }
/** A skip's reason is kept short here (the table is as wide as its widest row); whole in results.json. */
const REASON_CHARS = 45

/** @param {number | null} mib */
const mebibytes = (mib) => (mib === null ? 'n/a' : `${mib} MiB`)

/** @param {Throughput} throughput */
const problems = (throughput) =>
  throughput.errors === 0 && throughput.non2xx === 0
    ? 'no errors'
    : `${throughput.errors} errors, ${throughput.non2xx} non-2xx`

/**
 * @param {AccountsMeasure['database']} database
 * @param {AccountsMeasure} measure
 * @param {number | undefined} productionTmdbPerSecond the Production server section's figure
 * @returns {Row[]}
 */
function measuredRows(database, measure, productionTmdbPerSecond) {
  const budgets = BUDGETS.accounts
  const name = (/** @type {string} */ label) => `${LABELS[database]}: ${label}`
  const rssBudget = budgets.rssMiB[database]
  /** @param {string} label @param {number | null} mib */
  const rss = (label, mib) =>
    checked(name(label), mebibytes(mib), `<= ${rssBudget} MiB`, mib !== null && mib <= rssBudget)
  /** @param {string} label @param {import('./accounts.mjs').Latency} latency @param {number} budget */
  const latency = (label, latency, budget) =>
    checked(
      name(`${label} p50 / p95 (${ACCOUNT_OPERATIONS} in a row, after the first)`),
      `${ms(latency.p50Ms)} / ${ms(latency.p95Ms)}; first ${ms(latency.firstMs)}`,
      `p95 <= ${budget} ms`,
      latency.p95Ms <= budget,
    )
  const session = measure.sessionChecked
  const sessionBudget = budgets.sessionCheckedPerSecond[database]
  const tmdb = measure.cachedTmdb
  const production = productionTmdbPerSecond === undefined
  return [
    checked(
      name('cold start to /readyz 200, empty database'),
      `${(measure.coldStartMs / 1000).toFixed(2)} s`,
      `<= ${budgets.coldStartMs[database] / 1000} s`,
      measure.coldStartMs <= budgets.coldStartMs[database],
    ),
    rss('RSS after start', measure.rssAfterStartMiB),
    latency('register', measure.register, budgets.registerP95Ms),
    latency('login', measure.login, budgets.loginP95Ms),
    checked(
      name('GET /api/account, session-checked: req/s (p99)'),
      `${session.requestsPerSecond} (${ms(session.p99Ms)}), ${problems(session)}`,
      `>= ${sessionBudget}, no errors`,
      session.requestsPerSecond >= sessionBudget && session.errors === 0 && session.non2xx === 0,
    ),
    info(
      name(`cached /api/tmdb, same process: req/s${production ? '' : ' (Production server row)'}`),
      `${tmdb.requestsPerSecond}${production ? '' : ` (${productionTmdbPerSecond})`}, ${problems(tmdb)}`,
    ),
    ...syncRows(name, measure.listSync, database),
    rss('RSS after the load', measure.rssAfterLoadMiB),
  ]
}

/**
 * @param {(label: string) => string} name
 * @param {import('./list-sync.mjs').ListSyncMeasure} sync
 * @param {AccountsMeasure['database']} database
 * @returns {Row[]}
 */
function syncRows(name, sync, database) {
  const budgets = BUDGETS.accounts.listSync
  const perSecond = budgets.perSecond[database]
  return [
    checked(
      name(`list sync: first, ${FIRST_SYNC_ENTRIES.toLocaleString('en')} entries`),
      ms(sync.firstSyncMs),
      `<= ${budgets.firstSyncMs} ms`,
      sync.firstSyncMs <= budgets.firstSyncMs,
    ),
    checked(
      name('list sync: 1 change, incremental (median of 10)'),
      ms(sync.incrementalMs),
      `<= ${budgets.incrementalMs} ms`,
      sync.incrementalMs <= budgets.incrementalMs,
    ),
    checked(
      name(`list sync: req/s, ${SYNC_CLIENTS} devices at once (p99)`),
      `${sync.perSecond.requestsPerSecond} (${ms(sync.perSecond.p99Ms)}), ${problems(sync.perSecond)}`,
      `>= ${perSecond}, no errors`,
      sync.perSecond.requestsPerSecond >= perSecond &&
        sync.perSecond.errors === 0 &&
        sync.perSecond.non2xx === 0,
    ),
    checked(
      name(`GET /healthz meanwhile: p50 / p95 (${sync.healthzUnderLoad.samples} asked)`),
      `${ms(sync.healthzUnderLoad.p50Ms)} / ${ms(sync.healthzUnderLoad.p95Ms)}`,
      `p95 <= ${budgets.healthzUnderLoadP95Ms} ms`,
      sync.healthzUnderLoad.p95Ms <= budgets.healthzUnderLoadP95Ms,
    ),
  ]
}

/** @param {string} reason */
const shortened = (reason) =>
  reason.length > REASON_CHARS ? `${reason.slice(0, REASON_CHARS - 3)}...` : reason

/**
 * Each measure on the embedded database, then on PostgreSQL (or why PostgreSQL was skipped).
 * @param {AccountsResult} result
 * @param {number | undefined} productionTmdbPerSecond the cached /api/tmdb figure of the
 *   Production server section, printed beside this section's own
 * @returns {Section}
 */
export function accountsSection(result, productionTmdbPerSecond) {
  const embedded = measuredRows('embedded', result.embedded, productionTmdbPerSecond)
  const { postgres } = result
  const other =
    'skipped' in postgres
      ? embedded.map((row) =>
          info(
            row.label.replace(`${LABELS.embedded}:`, `${LABELS.postgres}:`),
            `skipped: ${shortened(postgres.skipped)}`,
          ),
        )
      : measuredRows('postgres', postgres, productionTmdbPerSecond)
  /** @type {Row[]} */
  const rows = embedded.flatMap((row, index) => {
    const pair = other[index]
    return pair ? [row, pair] : [row]
  })
  return { title: 'Accounts (npm start)', rows }
}
