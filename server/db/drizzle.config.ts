import { defineConfig } from 'drizzle-kit'

/** drizzle-kit (`npm run db:generate`): SQL migrations from schema.ts, run from the repository's root. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
})
