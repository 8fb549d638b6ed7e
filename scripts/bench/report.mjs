// @ts-check
/** The budgets, the rows of the printed table and their PASS/FAIL verdicts. */

/**
 * @typedef {'PASS' | 'FAIL' | ''} Verdict
 * @typedef {{ label: string, value: string, budget: string, verdict: Verdict }} Row
 * @typedef {{ title: string, rows: Row[] }} Section
 */

export const BUDGETS = {
  performance: 98,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  cls: 0,
  homeLcpMs: 2000,
  searchResultsExtraMs: 100,
  favoritesLongestTaskMs: 50,
  /** `npm start`'s requests per second, as a share of a bare node:http server's. */
  serverThroughputRatio: 0.5,
}

/** @param {number} bytes */
export const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`

/** @param {number} ms */
export const ms = (ms) => `${Math.round(ms)} ms`

/** @param {boolean} ok @returns {Verdict} */
export const verdict = (ok) => (ok ? 'PASS' : 'FAIL')

/**
 * A row with a budget.
 * @param {string} label
 * @param {string} value
 * @param {string} budget
 * @param {boolean} ok
 * @returns {Row}
 */
export const checked = (label, value, budget, ok) => ({
  label,
  value,
  budget,
  verdict: verdict(ok),
})

/**
 * A row that only reports.
 * @param {string} label
 * @param {string} value
 * @returns {Row}
 */
export const info = (label, value) => ({ label, value, budget: '', verdict: '' })

/**
 * The sections as one aligned plain-text table.
 * @param {Section[]} sections
 * @returns {string}
 */
export function formatTable(sections) {
  /** @type {Record<keyof Row, string>} */
  const header = { label: 'Measure', value: 'Value', budget: 'Budget', verdict: 'Result' }
  const rows = sections.flatMap((section) => section.rows)
  const width = (/** @type {keyof Row} */ key) =>
    Math.max(header[key].length, ...rows.map((row) => row[key].length))
  const widths = {
    label: width('label'),
    value: width('value'),
    budget: width('budget'),
    verdict: width('verdict'),
  }
  const line = (/** @type {Record<keyof Row, string>} */ row) =>
    [
      row.label.padEnd(widths.label),
      row.value.padStart(widths.value),
      row.budget.padEnd(widths.budget),
      row.verdict,
    ]
      .join('  ')
      .trimEnd()
  const total = widths.label + widths.value + widths.budget + widths.verdict + 6
  const out = [line(header), '='.repeat(total)]
  for (const section of sections) {
    if (section.rows.length === 0) continue
    out.push(`-- ${section.title} `.padEnd(total, '-'))
    out.push(...section.rows.map(line))
  }
  const failed = rows.filter((row) => row.verdict === 'FAIL').length
  const passed = rows.filter((row) => row.verdict === 'PASS').length
  out.push('='.repeat(total), `${passed} PASS, ${failed} FAIL`)
  return out.join('\n')
}
