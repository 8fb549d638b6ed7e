import { http, HttpResponse, type HttpHandler, type JsonBodyType } from 'msw'

/**
 * The server's account API (docs/api.md, "Accounts on the server"), answered from memory: accounts,
 * sessions behind an httpOnly cookie (MSW keeps a mocked response's cookies and sends them
 * back), and the sign-in limit. The tests run the page's server mode against it.
 */

export const SESSION_COOKIE = 'cinelist_session'
/** Failed sign-ins to one e-mail before the server refuses more for a while. */
export const MAX_FAILED_LOGINS = 5
export const LOCKOUT_SECONDS = 15 * 60

export const ACCOUNT_ERRORS = {
  notSignedIn: 'Not signed in',
  emailTaken: 'Email already registered',
  wrongCredentials: 'Incorrect email or password',
  tooManyAttempts: 'Too many failed sign-in attempts. Try again in 15 minutes.',
  wrongPassword: 'Incorrect password',
  invalid: 'Invalid request',
  notJson: 'Expected a JSON body',
} as const

interface Account {
  name: string
  email: string
  password: string
}

/** A request as the server saw it, for tests to check what the page sent. */
export interface SeenRequest {
  method: string
  path: string
  contentType: string | null
  credentials: RequestCredentials
  body: unknown
}

const key = (email: string) => email.trim().toLowerCase()

const answer = (body: JsonBodyType, status = 200, headers: Record<string, string> = {}) =>
  HttpResponse.json(body, { status, headers: { 'Cache-Control': 'no-store', ...headers } })

const refuse = (status: number, error: string, headers?: Record<string, string>) =>
  answer({ error }, status, headers)

const noContent = (headers: Record<string, string> = {}) =>
  new HttpResponse(null, { status: 204, headers: { 'Cache-Control': 'no-store', ...headers } })

const clearCookie = { 'Set-Cookie': `${SESSION_COOKIE}=; Path=/; HttpOnly; Max-Age=0` }

const profile = ({ name, email }: Account) => ({ name, email })

const text = (body: Record<string, unknown>, field: string): string | undefined => {
  const value = body[field]
  return typeof value === 'string' && value !== '' ? value : undefined
}

export function createAccountServer() {
  const accounts = new Map<string, Account>()
  /** Session id → the account's key. */
  const sessions = new Map<string, string>()
  const failedLogins = new Map<string, number>()
  const requests: SeenRequest[] = []
  let nextSession = 1

  const openSession = (email: string) => {
    const id = `session-${String(nextSession++)}`
    sessions.set(id, key(email))
    return id
  }
  const endSessions = (email: string, except?: string) => {
    for (const [id, owner] of sessions) {
      if (owner === key(email) && id !== except) sessions.delete(id)
    }
  }

  /** The request's session and its account, if it has one that holds. */
  const signedIn = (cookies: Record<string, string>) => {
    const id = cookies[SESSION_COOKIE]
    const owner = id === undefined ? undefined : sessions.get(id)
    const account = owner === undefined ? undefined : accounts.get(owner)
    return id !== undefined && account ? { id, account } : undefined
  }

  /** Records the request; a state-changing one must carry a JSON object, as the server demands. */
  async function read(request: Request): Promise<Record<string, unknown> | undefined> {
    const url = new URL(request.url)
    const contentType = request.headers.get('Content-Type')
    const raw = request.method === 'GET' ? '' : await request.text()
    let body: unknown
    try {
      body = raw ? JSON.parse(raw) : undefined
    } catch {
      body = raw
    }
    requests.push({
      method: request.method,
      path: url.pathname,
      contentType,
      credentials: request.credentials,
      body,
    })
    if (request.method === 'GET') return {}
    if (!contentType?.startsWith('application/json')) return undefined
    return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : undefined
  }

  const handlers: HttpHandler[] = [
    http.get('/api/account', async ({ request, cookies }) => {
      await read(request)
      const session = signedIn(cookies)
      return session ? answer(profile(session.account)) : refuse(401, ACCOUNT_ERRORS.notSignedIn)
    }),

    http.post('/api/account/register', async ({ request }) => {
      const body = await read(request)
      if (!body) return refuse(415, ACCOUNT_ERRORS.notJson)
      const name = text(body, 'name')
      const email = text(body, 'email')
      const password = text(body, 'password')
      if (!name || !email?.includes('@') || !password) return refuse(400, ACCOUNT_ERRORS.invalid)
      if (accounts.has(key(email))) return refuse(409, ACCOUNT_ERRORS.emailTaken)
      const account = { name, email, password }
      accounts.set(key(email), account)
      return answer(profile(account), 201)
    }),

    http.post('/api/account/login', async ({ request }) => {
      const body = await read(request)
      if (!body) return refuse(415, ACCOUNT_ERRORS.notJson)
      const email = text(body, 'email') ?? ''
      const failures = failedLogins.get(key(email)) ?? 0
      if (failures >= MAX_FAILED_LOGINS) {
        return answer({ error: ACCOUNT_ERRORS.tooManyAttempts, retryAfter: LOCKOUT_SECONDS }, 429, {
          'Retry-After': String(LOCKOUT_SECONDS),
        })
      }
      const account = accounts.get(key(email))
      if (!account || account.password !== body.password) {
        failedLogins.set(key(email), failures + 1)
        return refuse(401, ACCOUNT_ERRORS.wrongCredentials)
      }
      failedLogins.delete(key(email))
      return answer(profile(account), 200, {
        'Set-Cookie': `${SESSION_COOKIE}=${openSession(account.email)}; Path=/; HttpOnly; SameSite=Lax`,
      })
    }),

    http.post('/api/account/logout', async ({ request, cookies }) => {
      if (!(await read(request))) return refuse(415, ACCOUNT_ERRORS.notJson)
      const id = cookies[SESSION_COOKIE]
      if (id !== undefined) sessions.delete(id)
      return noContent(clearCookie)
    }),

    http.patch('/api/account', async ({ request, cookies }) => {
      const body = await read(request)
      if (!body) return refuse(415, ACCOUNT_ERRORS.notJson)
      const session = signedIn(cookies)
      if (!session) return refuse(401, ACCOUNT_ERRORS.notSignedIn)
      const name = text(body, 'name')
      if (!name) return refuse(400, ACCOUNT_ERRORS.invalid)
      session.account.name = name
      return answer(profile(session.account))
    }),

    http.post('/api/account/password', async ({ request, cookies }) => {
      const body = await read(request)
      if (!body) return refuse(415, ACCOUNT_ERRORS.notJson)
      const session = signedIn(cookies)
      if (!session) return refuse(401, ACCOUNT_ERRORS.notSignedIn)
      const newPassword = text(body, 'newPassword')
      if (!newPassword) return refuse(400, ACCOUNT_ERRORS.invalid)
      if (body.currentPassword !== session.account.password)
        return refuse(403, ACCOUNT_ERRORS.wrongPassword)
      session.account.password = newPassword
      endSessions(session.account.email, session.id)
      return noContent()
    }),

    http.post('/api/account/sign-out-everywhere', async ({ request, cookies }) => {
      if (!(await read(request))) return refuse(415, ACCOUNT_ERRORS.notJson)
      const session = signedIn(cookies)
      if (!session) return refuse(401, ACCOUNT_ERRORS.notSignedIn)
      endSessions(session.account.email)
      return noContent(clearCookie)
    }),

    // The lists' sync (docs/api.md, "Lists that follow the account") of an account that keeps no
    // lists: enough for pages that sync in passing. Tests of the sync answer it themselves.
    http.post('/api/account/lists/sync', ({ cookies }) =>
      signedIn(cookies)
        ? answer({ seq: 0, changes: [], hideSeen: null })
        : refuse(401, ACCOUNT_ERRORS.notSignedIn),
    ),

    http.delete('/api/account', async ({ request, cookies }) => {
      const body = await read(request)
      if (!body) return refuse(415, ACCOUNT_ERRORS.notJson)
      const session = signedIn(cookies)
      if (!session) return refuse(401, ACCOUNT_ERRORS.notSignedIn)
      if (body.password !== session.account.password)
        return refuse(403, ACCOUNT_ERRORS.wrongPassword)
      endSessions(session.account.email)
      accounts.delete(key(session.account.email))
      return noContent(clearCookie)
    }),
  ]

  return {
    handlers,
    /** What the page sent, oldest first. */
    requests,
    /** Registers an account directly, as if done before the test. */
    addAccount: (account: Account) => {
      accounts.set(key(account.email), { ...account })
    },
    account: (email: string): Account | undefined => {
      const found = accounts.get(key(email))
      return found && { ...found }
    },
    /** The e-mail of the account whose session the request's cookies hold, if one holds. */
    sessionOwner: (cookies: Record<string, string>): string | undefined =>
      signedIn(cookies)?.account.email,
    /** A session opened on another device; returns its id. */
    signInElsewhere: (email: string) => openSession(email),
    /** Whether a session is still open. */
    holds: (sessionId: string) => sessions.has(sessionId),
    /** The number of sessions open for the account. */
    sessionCount: (email: string) =>
      [...sessions.values()].filter((owner) => owner === key(email)).length,
    /** Ends every session of the account, as an expiry or another device would. */
    endSessions: (email: string) => {
      endSessions(email)
    },
    reset: () => {
      accounts.clear()
      sessions.clear()
      failedLogins.clear()
      requests.length = 0
    },
  }
}

export type AccountServer = ReturnType<typeof createAccountServer>
