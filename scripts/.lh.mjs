import { runLighthouse } from '/work/main/scripts/bench/lighthouse.mjs'
import { findChromium } from '/work/main/scripts/chromium.mjs'
const base = process.argv[2]
const routes = process.argv.slice(3)
const defers = []
const results = await runLighthouse(findChromium(), [base], routes, { runs: 3, progress: () => {}, defer: (s) => defers.push(s) })
for (const r of results[0]) console.log(r.route, 'perf', r.scores.performance, 'LCP', r.lcpRunsMs.map(Math.round).join(','), 'TBT', r.tbtMs)
for (const d of defers.reverse()) await d()
process.exit(0)
