import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Database } from '../db/database'
import { serverSetting } from '../db/schema'

const SECRET_NAME = 'auth-secret'

/** AUTH_SECRET, or the key the first instance made and kept in the database. Never logged. */
export async function authSecret(db: Database, configured: string | undefined): Promise<string> {
  if (configured) return configured
  await db
    .insert(serverSetting)
    .values({ name: SECRET_NAME, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing()
  const [row] = await db.select().from(serverSetting).where(eq(serverSetting.name, SECRET_NAME))
  if (!row) throw new Error('the session key could not be stored')
  return row.value
}
