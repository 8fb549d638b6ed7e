// Byte budgets (gzip) of what each page downloads at start-up, for `npm run size` after
// `npm run build`; `npm run bench` checks the same ones on its own builds.
import { pageScriptChecks } from './scripts/page-scripts.mjs'

export default pageScriptChecks(process.env.SIZE_LIMIT_DIST ?? 'dist')
