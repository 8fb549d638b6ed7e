import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { APIError } from 'better-auth/api'
import { betterAuth } from 'better-auth/minimal'
import type { Database } from '../db/database'
import * as schema from '../db/schema'
import { hashPassword, verifyPassword } from './password'

/**
 * Our one door to better-auth: sessions, accounts and password checks are the library's; this
 * module gives the routes a small API in our terms (a user, or null for "not signed in"; cookies
 * to send) and keeps its error codes in here.
 */

export interface AccountUser {
  id: string
  name: string
  email: string
}

export interface AuthOptions {
  db: Database
  /** Signs session cookies (accounts/secret.ts). */
  secret: string
  /** Where the library's errors go; given no e-mail, password or token. */
  log: (level: 'error', message: string) => void
}

/** A session lasts 30 days, renewed at most once a day while used. */
const SESSION_SECONDS = 30 * 24 * 3600
/** The client address, as Fastify worked it out (TRUST_PROXY), in a header only we set. */
export const CLIENT_ADDRESS_HEADER = 'x-cinelist-client-address'

function createAuth({ db, secret, log }: AuthOptions, secure: boolean) {
  return betterAuth({
    appName: 'CineList',
    // Only its server-side API is used: nothing is mounted, so no request URL is built from it.
    baseURL: secure ? 'https://localhost' : 'http://localhost',
    secret,
    database: drizzleAdapter(db, { provider: 'pg', schema }),
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
      // Its messages only: their arguments may hold an e-mail.
      level: 'error',
      log: (level, message) => {
        if (level === 'error') log(level, `auth: ${message}`)
      },
    },
  })
}

const isCode = (error: unknown, ...codes: string[]) =>
  error instanceof APIError && codes.includes(String(error.body?.code))

const publicUser = (user: { id: string; name: string; email: string }): AccountUser => ({
  id: user.id,
  name: user.name,
  email: user.email,
})

const setCookies = (headers: Headers) => headers.getSetCookie()

/** Accounts over better-auth; `secure` picks the HTTPS cookie (per request, from its protocol). */
export function createAccountAuth(options: AuthOptions) {
  const plain = createAuth(options, false)
  const secure = createAuth(options, true)
  const api = (isSecure: boolean) => (isSecure ? secure : plain).api

  return {
    /** 'duplicate' when the e-mail is taken. */
    async register(
      body: { name: string; email: string; password: string },
      headers: Headers,
    ): Promise<'registered' | 'duplicate'> {
      // The spec says 'Email already registered', which better-auth (rightly, for sites that
      // may) keeps to itself when sign-up does not sign in: asked here first.
      const taken = async () =>
        Boolean(
          await (await plain.$context).internalAdapter.findUserByEmail(body.email.toLowerCase()),
        )
      if (await taken()) return 'duplicate'
      try {
        await plain.api.signUpEmail({ body, headers })
        return 'registered'
      } catch (error) {
        // Another request registered the same e-mail meanwhile: the unique index refused this.
        if (await taken()) return 'duplicate'
        throw error
      }
    },

    /** The user and the session cookie, or null for a wrong e-mail or password. */
    async signIn(
      body: { email: string; password: string },
      headers: Headers,
      isSecure: boolean,
    ): Promise<{ user: AccountUser; cookies: string[] } | null> {
      try {
        const { headers: answer, response } = await api(isSecure).signInEmail({
          body: { ...body, rememberMe: true },
          headers,
          returnHeaders: true,
        })
        return { user: publicUser(response.user), cookies: setCookies(answer) }
      } catch (error) {
        if (isCode(error, 'INVALID_EMAIL_OR_PASSWORD')) return null
        throw error
      }
    },

    /** Who the request's session cookie belongs to; null when it has none or it has ended. */
    async signedInUser(headers: Headers, isSecure: boolean): Promise<AccountUser | null> {
      const session = await api(isSecure).getSession({
        headers,
        // The routes' own checks; the page's GET renews the session (sessionOf).
        query: { disableRefresh: true },
      })
      return session ? publicUser(session.user) : null
    },

    /**
     * Who is signed in, for the page's own check: a session in use is renewed (at most daily),
     * with the cookie that carries its new expiry.
     */
    async sessionOf(
      headers: Headers,
      isSecure: boolean,
    ): Promise<{ user: AccountUser; cookies: string[] } | null> {
      const { headers: answer, response } = await api(isSecure).getSession({
        headers,
        returnHeaders: true,
      })
      return response ? { user: publicUser(response.user), cookies: setCookies(answer) } : null
    },

    /** Ends this session (if any) and returns the cookies that clear it. */
    async signOut(headers: Headers, isSecure: boolean): Promise<string[]> {
      const { headers: answer } = await api(isSecure).signOut({ headers, returnHeaders: true })
      return setCookies(answer)
    },

    async rename(headers: Headers, isSecure: boolean, name: string): Promise<AccountUser | null> {
      const user = await this.signedInUser(headers, isSecure)
      if (!user) return null
      await api(isSecure).updateUser({ body: { name }, headers })
      return { ...user, name }
    },

    /**
     * Ends every other session of the account; this one goes on with a new cookie. null: not
     * signed in; 'incorrect': the current password is wrong.
     */
    async changePassword(
      headers: Headers,
      isSecure: boolean,
      body: { currentPassword: string; newPassword: string },
    ): Promise<{ cookies: string[] } | 'incorrect' | null> {
      if (!(await this.signedInUser(headers, isSecure))) return null
      try {
        const { headers: answer } = await api(isSecure).changePassword({
          body: { ...body, revokeOtherSessions: true },
          headers,
          returnHeaders: true,
        })
        return { cookies: setCookies(answer) }
      } catch (error) {
        if (isCode(error, 'INVALID_PASSWORD')) return 'incorrect'
        throw error
      }
    },

    /** Ends every session of the account, this one too; null when not signed in. */
    async signOutEverywhere(headers: Headers, isSecure: boolean): Promise<string[] | null> {
      if (!(await this.signedInUser(headers, isSecure))) return null
      await api(isSecure).revokeSessions({ headers })
      return this.signOut(headers, isSecure)
    },

    /** The user, their sign-in and sessions removed (the database cascades the rest). */
    async deleteAccount(
      headers: Headers,
      isSecure: boolean,
      password: string,
    ): Promise<{ user: AccountUser; cookies: string[] } | 'incorrect' | null> {
      const user = await this.signedInUser(headers, isSecure)
      if (!user) return null
      try {
        const { headers: answer } = await api(isSecure).deleteUser({
          body: { password },
          headers,
          returnHeaders: true,
        })
        return { user, cookies: setCookies(answer) }
      } catch (error) {
        if (isCode(error, 'INVALID_PASSWORD')) return 'incorrect'
        throw error
      }
    },
  }
}

export type AccountAuth = ReturnType<typeof createAccountAuth>
