import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { betterAuth } from 'better-auth/minimal'
import type { Database } from '../db/database'
import * as schema from '../db/schema'
import { hashPassword, verifyPassword } from './password'

export interface AuthOptions {
  db: Database
  secret: string
  log: (level: 'error', message: string, error?: Error) => void
}

const SESSION_SECONDS = 30 * 24 * 3600
/** The client address as Fastify worked it out (TRUST_PROXY), in a header only we set. */
export const CLIENT_ADDRESS_HEADER = 'x-cinelist-client-address'

export function createAuth({ db, secret, log }: AuthOptions, secure: boolean) {
  return betterAuth({
    appName: 'CineList',
    // Nothing is mounted, so no request URL is built from it.
    baseURL: secure ? 'https://localhost' : 'http://localhost',
    secret,
    // A crash between the user's row and its password's would leave an account that can
    // neither sign in nor register again.
    database: drizzleAdapter(db, { provider: 'pg', schema, transaction: true }),
    emailAndPassword: {
      enabled: true,
      autoSignIn: false,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      password: { hash: hashPassword, verify: verifyPassword },
    },
    user: { deleteUser: { enabled: true } },
    session: {
      expiresIn: SESSION_SECONDS,
      updateAge: 24 * 3600,
      cookieCache: { enabled: false },
    },
    // Ours are in front: login-throttle.ts, and the routes' same-origin check.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    advanced: {
      disableCSRFCheck: true,
      useSecureCookies: false,
      cookies: {
        session_token: secure
          ? { name: '__Host-cinelist-session', attributes: { secure: true } }
          : { name: 'cinelist-session' },
      },
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
    },
    logger: {
      // Its other arguments may hold an e-mail.
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
