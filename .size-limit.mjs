// Byte budgets (gzip) of what each page downloads at start-up, for `npm run size` after
// `npm run build`; `npm run bench` checks the same ones on its own build, and with
// SIZE_LIMIT_FILES=1 weighs each script of it too, to show where the bytes are.
import { readdirSync } from 'node:fs'
import { pageScriptChecks, pageScripts } from './scripts/page-scripts.mjs'

const dist = process.env.SIZE_LIMIT_DIST ?? 'dist'
const startUp = new Set(process.env.SIZE_LIMIT_FILES ? pageScripts(dist, '/') : [])
const scripts = startUp.size
  ? readdirSync(`${dist}/assets`).filter((name) => name.endsWith('.js'))
  : []
const file = (name) => ({
  name: `${startUp.has(`assets/${name}`) ? 'start-up' : 'lazy'} assets/${name}`,
  path: `${dist}/assets/${name}`,
  gzip: true,
})

export default [...pageScriptChecks(dist), ...scripts.map(file)]
