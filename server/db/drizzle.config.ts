import { defineConfig } from 'drizzle-kit'

/** `npm run db:generate`, from the repository's root. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
})
