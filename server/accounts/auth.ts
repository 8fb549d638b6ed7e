import { APIError } from 'better-auth/api'
import { and, desc, eq, lte, notInArray } from 'drizzle-orm'
import { session, verification } from '../db/schema'
import { createAuth, type AuthOptions } from './better-auth'

export { CLIENT_ADDRESS_HEADER } from './better-auth'

// The one module that calls better-auth (docs/api.md): the routes get a user or null, and cookies.

export interface AccountUser {
  id: string
  name: string
  email: string
}

const isCode = (error: unknown, ...codes: string[]) =>
  error instanceof APIError && codes.includes(String(error.body?.code))

const publicUser = (user: { id: string; name: string; email: string }): AccountUser => ({
  id: user.id,
  name: user.name,
  email: user.email,
})

const setCookies = (headers: Headers) => headers.getSetCookie()

export const MAX_SESSIONS_PER_ACCOUNT = 30

/** `isSecure` (the request's protocol) picks the HTTPS cookie. */
export function createAccountAuth(options: AuthOptions) {
  const plain = createAuth(options, false)
  const secure = createAuth(options, true)
  const api = (isSecure: boolean) => (isSecure ? secure : plain).api
  const { db } = options

  return {
    async register(
      body: { name: string; email: string; password: string },
      headers: Headers,
    ): Promise<'registered' | 'duplicate'> {
      // The spec says 'Email already registered', which better-auth keeps to itself: asked first.
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
        throw new Error('registration failed', { cause: error })
      }
    },

    async signIn(
      body: { email: string; password: string },
      headers: Headers,
      isSecure: boolean,
    ): Promise<{ user: AccountUser; cookies: string[] } | null> {
      try {
        const { headers: responseHeaders, response } = await api(isSecure).signInEmail({
          body: { ...body, rememberMe: true },
          headers,
          returnHeaders: true,
        })
        const newest = db
          .select({ id: session.id })
          .from(session)
          .where(eq(session.userId, response.user.id))
          .orderBy(desc(session.createdAt), desc(session.id))
          .limit(MAX_SESSIONS_PER_ACCOUNT)
        await db
          .delete(session)
          .where(and(eq(session.userId, response.user.id), notInArray(session.id, newest)))
        return { user: publicUser(response.user), cookies: setCookies(responseHeaders) }
      } catch (error) {
        if (isCode(error, 'INVALID_EMAIL_OR_PASSWORD')) return null
        throw error
      }
    },

    async signedInUser(headers: Headers, isSecure: boolean): Promise<AccountUser | null> {
      const session = await api(isSecure).getSession({
        headers,
        // Only the page's GET renews the session (sessionOf).
        query: { disableRefresh: true },
      })
      return session ? publicUser(session.user) : null
    },

    async sessionOf(
      headers: Headers,
      isSecure: boolean,
    ): Promise<{ user: AccountUser; cookies: string[] } | null> {
      const { headers: responseHeaders, response } = await api(isSecure).getSession({
        headers,
        returnHeaders: true,
      })
      return response
        ? { user: publicUser(response.user), cookies: setCookies(responseHeaders) }
        : null
    },

    async pruneSessions(now = new Date()): Promise<void> {
      await db.delete(session).where(lte(session.expiresAt, now))
      await db.delete(verification).where(lte(verification.expiresAt, now))
    },

    async signOut(headers: Headers, isSecure: boolean): Promise<string[]> {
      const { headers: responseHeaders } = await api(isSecure).signOut({
        headers,
        returnHeaders: true,
      })
      return setCookies(responseHeaders)
    },

    async rename(headers: Headers, isSecure: boolean, name: string): Promise<AccountUser | null> {
      const user = await this.signedInUser(headers, isSecure)
      if (!user) return null
      await api(isSecure).updateUser({ body: { name }, headers })
      return { ...user, name }
    },

    async changePassword(
      headers: Headers,
      isSecure: boolean,
      body: { currentPassword: string; newPassword: string },
    ): Promise<{ cookies: string[] } | 'incorrect' | null> {
      if (!(await this.signedInUser(headers, isSecure))) return null
      try {
        const { headers: responseHeaders } = await api(isSecure).changePassword({
          body: { ...body, revokeOtherSessions: true },
          headers,
          returnHeaders: true,
        })
        return { cookies: setCookies(responseHeaders) }
      } catch (error) {
        if (isCode(error, 'INVALID_PASSWORD')) return 'incorrect'
        throw error
      }
    },

    async signOutEverywhere(headers: Headers, isSecure: boolean): Promise<string[] | null> {
      if (!(await this.signedInUser(headers, isSecure))) return null
      await api(isSecure).revokeSessions({ headers })
      return this.signOut(headers, isSecure)
    },

    async deleteAccount(
      headers: Headers,
      isSecure: boolean,
      password: string,
    ): Promise<{ user: AccountUser; cookies: string[] } | 'incorrect' | null> {
      const user = await this.signedInUser(headers, isSecure)
      if (!user) return null
      try {
        const { headers: responseHeaders } = await api(isSecure).deleteUser({
          body: { password },
          headers,
          returnHeaders: true,
        })
        return { user, cookies: setCookies(responseHeaders) }
      } catch (error) {
        if (isCode(error, 'INVALID_PASSWORD')) return 'incorrect'
        throw error
      }
    },
  }
}

export type AccountAuth = ReturnType<typeof createAccountAuth>
