import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { betterAuth } from 'better-auth/minimal'
import type { Database } from '../db/database'
import * as schema from '../db/schema'
import { hashPassword, verifyPassword } from './password'

/** better-auth as this server uses it: only its server-side API, over our schema. */

export interface AuthOptions {
  db: Database
  /** Signs session cookies (accounts/secret.ts). */
  secret: string
  /** Where the library's errors go; given no e-mail, password or token. */
  log: (level: 'error', message: string, error?: Error) => void
}

/** A session lasts 30 days, renewed at most once a day while used. */
const SESSION_SECONDS = 30 * 24 * 3600
/** The client address, as Fastify worked it out (TRUST_PROXY), in a header only we set. */
export const CLIENT_ADDRESS_HEADER = 'x-cinelist-client-address'

export function createAuth({ db, secret, log }: AuthOptions, secure: boolean) {
  return betterAuth({
    appName: 'CineList',
    // Only its server-side API is used: nothing is mounted, so no request URL is built from it.
    baseURL: secure ? 'https://localhost' : 'http://localhost',
    secret,
    // A sign-up writes the user and its password's row together, or neither: a crash between
    // them would leave an account that can neither sign in nor register again.
    database: drizzleAdapter(db, { provider: 'pg', schema, transaction: true }),
    emailAndPassword: {
      enabled: true,
      // The spec's registration goes to /login; signing in is a step of its own.
      autoSignIn: false,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      password: { hash: hashPassword, verify: verifyPassword },
    },
    user: { deleteUser: { enabled: true } },
    session: {
      expiresIn: SESSION_SECONDS,
      updateAge: 24 * 3600,
      // Every request reads the session from the database: a revoked one ends at once, on every
      // instance.
      cookieCache: { enabled: false },
    },
    // Ours are in front (login-throttle.ts, the accounts routes' origin check): one place each.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    advanced: {
      disableCSRFCheck: true,
      useSecureCookies: false,
      cookies: {
        // __Host-: sent only over HTTPS, only to this host, for every path.
        session_token: secure
          ? { name: '__Host-cinelist-session', attributes: { secure: true } }
          : { name: 'cinelist-session' },
      },
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
    },
    logger: {
      // Its message, and an error given with it (logged by loggableError): other arguments may hold an e-mail.
      level: 'error',
      log: (level, message, ...args: unknown[]) => {
        if (level === 'error') {
          log(
            level,
            `auth: ${message}`,
            args.find((arg): arg is Error => arg instanceof Error),
          )
        }
      },
    },
  })
}
