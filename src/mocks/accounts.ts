import { http, HttpResponse, type HttpHandler, type JsonBodyType } from 'msw'

/** The server's account API (docs/api.md) in memory; MSW keeps a mocked response's cookies. */

export const SESSION_COOKIE = 'cinelist_session'
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

export interface SeenRequest {
  method: string
  path: string
  contentType: string | null
  credentials: RequestCredentials
  body: unknown
}

const key = (email: string) => email.trim().toLowerCase()

const respond = (body: JsonBodyType, status = 200, headers: Record<string, string> = {}) =>
  HttpResponse.json(body, { status, headers: { 'Cache-Control': 'no-store', ...headers } })

const refuse = (status: number, error: string, headers?: Record<string, string>) =>
  respond({ error }, status, headers)

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

  const signedIn = (cookies: Record<string, string>) => {
    const id = cookies[SESSION_COOKIE]
    const owner = id === undefined ? undefined : sessions.get(id)
    const account = owner === undefined ? undefined : accounts.get(owner)
    return id !== undefined && account ? { id, account } : undefined
  }

  /** A state-changing request must carry a JSON object, as the server demands. */
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

  /** A state-changing request's body, session and `field`'s text, or the server's refusal. */
  async function signedInRequest(
    request: Request,
    cookies: Record<string, string>,
    field?: string,
  ) {
    const body = await read(request)
    if (!body) return refuse(415, ACCOUNT_ERRORS.notJson)
    const session = signedIn(cookies)
    if (!session) return refuse(401, ACCOUNT_ERRORS.notSignedIn)
    const value = field === undefined ? '' : text(body, field)
    return value === undefined ? refuse(400, ACCOUNT_ERRORS.invalid) : { body, session, value }
  }

  const handlers: HttpHandler[] = [
    http.get('/api/account', async ({ request, cookies }) => {
      await read(request)
      const session = signedIn(cookies)
      return session ? respond(profile(session.account)) : refuse(401, ACCOUNT_ERRORS.notSignedIn)
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
      return respond(profile(account), 201)
    }),

    http.post('/api/account/login', async ({ request }) => {
      const body = await read(request)
      if (!body) return refuse(415, ACCOUNT_ERRORS.notJson)
      const email = text(body, 'email') ?? ''
      const failures = failedLogins.get(key(email)) ?? 0
      if (failures >= MAX_FAILED_LOGINS) {
        return respond(
          { error: ACCOUNT_ERRORS.tooManyAttempts, retryAfter: LOCKOUT_SECONDS },
          429,
          {
            'Retry-After': String(LOCKOUT_SECONDS),
          },
        )
      }
      const account = accounts.get(key(email))
      if (!account || account.password !== body.password) {
        failedLogins.set(key(email), failures + 1)
        return refuse(401, ACCOUNT_ERRORS.wrongCredentials)
      }
      failedLogins.delete(key(email))
      return respond(profile(account), 200, {
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
      const signed = await signedInRequest(request, cookies, 'name')
      if (signed instanceof Response) return signed
      signed.session.account.name = signed.value
      return respond(profile(signed.session.account))
    }),

    http.post('/api/account/password', async ({ request, cookies }) => {
      const signed = await signedInRequest(request, cookies, 'newPassword')
      if (signed instanceof Response) return signed
      const { body, session, value: newPassword } = signed
      if (body.currentPassword !== session.account.password)
        return refuse(403, ACCOUNT_ERRORS.wrongPassword)
      session.account.password = newPassword
      endSessions(session.account.email, session.id)
      return noContent()
    }),

    http.post('/api/account/sign-out-everywhere', async ({ request, cookies }) => {
      const signed = await signedInRequest(request, cookies)
      if (signed instanceof Response) return signed
      endSessions(signed.session.account.email)
      return noContent(clearCookie)
    }),

    // An account that keeps no lists, for pages that sync in passing; sync tests respond themselves.
    http.post('/api/account/lists/sync', ({ cookies }) =>
      signedIn(cookies)
        ? respond({ seq: 0, changes: [], hideSeen: null })
        : refuse(401, ACCOUNT_ERRORS.notSignedIn),
    ),

    http.delete('/api/account', async ({ request, cookies }) => {
      const signed = await signedInRequest(request, cookies)
      if (signed instanceof Response) return signed
      const { body, session } = signed
      if (body.password !== session.account.password)
        return refuse(403, ACCOUNT_ERRORS.wrongPassword)
      endSessions(session.account.email)
      accounts.delete(key(session.account.email))
      return noContent(clearCookie)
    }),
  ]

  return {
    handlers,
    requests,
    addAccount: (account: Account) => {
      accounts.set(key(account.email), { ...account })
    },
    account: (email: string): Account | undefined => {
      const found = accounts.get(key(email))
      return found && { ...found }
    },
    sessionOwner: (cookies: Record<string, string>): string | undefined =>
      signedIn(cookies)?.account.email,
    signInElsewhere: (email: string) => openSession(email),
    holds: (sessionId: string) => sessions.has(sessionId),
    sessionCount: (email: string) =>
      [...sessions.values()].filter((owner) => owner === key(email)).length,
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
