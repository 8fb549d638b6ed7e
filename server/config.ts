import { existsSync } from 'node:fs'
import { isIP } from 'node:net'
import { resolve } from 'node:path'
import * as z from 'zod'
import { trimSlash } from '@/shared/tmdb-config'
import { DEFAULT_LOGIN_LIMITS, type LoginLimits } from './accounts/login-throttle'
import { DEFAULT_REQUEST_LIMITS, type RequestLimits } from './accounts/request-limits'

/** A wrong setting: main.ts prints it in one line and exits. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError'
}

/** The settings, as README.md (Configuration) and docs/operations.md describe them. */
export interface ServerConfig {
  port: number
  host: string
  distDir: string
  tmdb: {
    token: string | undefined
    apiKey: string | undefined
    apiUrl: string
    imageUrl: string
  }
  demo: boolean
  // A number of proxies is a function: Fastify 5 believes no proxy for a bare number.
  trustProxy: boolean | string[] | ((address: string, hop: number) => boolean)
  hsts: boolean
  rateLimit: { max: number; windowMs: number }
  upstreamPerSecond: number
  logLevel: string
  accounts: 'server' | 'local'
  database: DatabaseConfig
  authSecret: string | undefined
  loginLimits: LoginLimits
  requestLimits: RequestLimits
  shutdownDelayMs: number
}

/** Long enough for a load balancer's checks to see it not ready; well within the 9 s grace. */
export const DEFAULT_SHUTDOWN_DELAY_MS = 2000
const MAX_SHUTDOWN_DELAY_MS = 5000

const text = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() ? value.trim() : undefined),
  z.string().optional(),
)
const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
const wholeNumber = (fallback: number, { zero = false } = {}) =>
  z.preprocess(
    (value) => (value === undefined || value === '' ? fallback : value),
    z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(zero ? 0 : 1, zero ? 'must be 0 or more' : 'must be positive'),
  )
const positiveInt = (fallback: number) => wholeNumber(fallback)

const envSchema = z.object({
  PORT: z.preprocess(
    (value) => (value === undefined || value === '' ? 3000 : value),
    z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be from 1 to 65535')
      .max(65535, 'must be from 1 to 65535'),
  ),
  HOST: text.transform((value) => value ?? '127.0.0.1'),
  DIST_DIR: text.transform((value) => resolve(value ?? 'dist')),
  TMDB_TOKEN: text,
  TMDB_API_KEY: text,
  TMDB_API_URL: text.pipe(httpUrl.optional()),
  TMDB_IMAGE_URL: text.pipe(httpUrl.optional()),
  TRUST_PROXY: text,
  HSTS: text.pipe(z.enum(['on', 'off', 'true', 'false'], 'must be on or off').optional()),
  RATE_LIMIT_MAX: positiveInt(100),
  RATE_LIMIT_WINDOW_SECONDS: positiveInt(10),
  TMDB_REQUESTS_PER_SECOND: positiveInt(40),
  ACCOUNTS: text.pipe(z.enum(['server', 'local'], 'must be server or local').optional()),
  AUTH_SECRET: text.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  LOGIN_LIMIT_PER_ACCOUNT: positiveInt(DEFAULT_LOGIN_LIMITS.perAccount),
  LOGIN_LIMIT_PER_CLIENT: positiveInt(DEFAULT_LOGIN_LIMITS.perClient),
  LOGIN_SLOWDOWN_MS: wholeNumber(DEFAULT_LOGIN_LIMITS.slowdownStepMs, { zero: true }),
  SIGNUP_LIMIT_PER_HOUR: positiveInt(DEFAULT_REQUEST_LIMITS.signupsPerHour),
  SYNC_LIMIT_PER_MINUTE: positiveInt(DEFAULT_REQUEST_LIMITS.syncsPerMinute),
  SHUTDOWN_DELAY_MS: wholeNumber(DEFAULT_SHUTDOWN_DELAY_MS, { zero: true }).pipe(
    z.number().max(MAX_SHUTDOWN_DELAY_MS, `must be from 0 to ${String(MAX_SHUTDOWN_DELAY_MS)}`),
  ),
  LOG_LEVEL: text.pipe(
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  ),
})

const ADDRESS_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal'])

function isIpOrCidr(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/')
  const version = isIP(address)
  if (!version || rest.length > 0) return false
  if (prefix === undefined) return true
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : 0
  return bits >= 1 && bits <= (version === 4 ? 32 : 128)
}

function parseTrustProxy(value: string | undefined): ServerConfig['trustProxy'] {
  if (value === undefined || value === 'false' || value === 'off') return false
  if (value === 'true' || value === 'on') return true
  const invalid = (why: string) => new ConfigError(`TRUST_PROXY ${why} (got "${value}")`)
  if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(value)) {
    const hops = Number(value)
    if (!Number.isInteger(hops) || hops < 1) {
      throw invalid('must be a whole number of proxies, 1 or more')
    }
    // The socket's peer is hop 0, the right-most X-Forwarded-For entry hop 1, and so on.
    return (_address, hop) => hop < hops
  }
  const entries = value.split(',').map((entry) => entry.trim())
  const wrong = entries.find((entry) => !isIpOrCidr(entry) && !ADDRESS_RANGES.has(entry))
  if (wrong !== undefined) {
    throw invalid(
      `must be true, a number of proxies, or IPs/CIDRs: "${wrong}" is not an IP or CIDR`,
    )
  }
  return entries
}

/** The server's settings from the environment, validated; a ConfigError names the first bad one. */
export function readServerConfig(env: Record<string, string | undefined>): ServerConfig {
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const name = String(issue?.path[0] ?? 'configuration')
    // A secret is never repeated, not even in an error.
    const got = name === 'AUTH_SECRET' ? '' : ` (got "${env[name] ?? ''}")`
    throw new ConfigError(`${name} ${issue?.message ?? 'is invalid'}${got}`)
  }
  const settings = parsed.data
  return {
    port: settings.PORT,
    host: settings.HOST,
    distDir: settings.DIST_DIR,
    tmdb: {
      token: settings.TMDB_TOKEN,
      apiKey: settings.TMDB_API_KEY,
      apiUrl: trimSlash(settings.TMDB_API_URL ?? 'https://api.themoviedb.org'),
      imageUrl: trimSlash(settings.TMDB_IMAGE_URL ?? 'https://image.tmdb.org/t/p'),
    },
    demo: !settings.TMDB_TOKEN && !settings.TMDB_API_KEY,
    trustProxy: parseTrustProxy(settings.TRUST_PROXY),
    hsts: settings.HSTS !== 'off' && settings.HSTS !== 'false',
    rateLimit: {
      max: settings.RATE_LIMIT_MAX,
      windowMs: settings.RATE_LIMIT_WINDOW_SECONDS * 1000,
    },
    upstreamPerSecond: settings.TMDB_REQUESTS_PER_SECOND,
    logLevel: settings.LOG_LEVEL ?? 'info',
    accounts: settings.ACCOUNTS ?? 'server',
    database: readDatabaseConfig(env),
    authSecret: settings.AUTH_SECRET,
    loginLimits: {
      perAccount: settings.LOGIN_LIMIT_PER_ACCOUNT,
      perClient: settings.LOGIN_LIMIT_PER_CLIENT,
      windowSeconds: DEFAULT_LOGIN_LIMITS.windowSeconds,
      slowdownStepMs: settings.LOGIN_SLOWDOWN_MS,
    },
    requestLimits: {
      signupsPerHour: settings.SIGNUP_LIMIT_PER_HOUR,
      syncsPerMinute: settings.SYNC_LIMIT_PER_MINUTE,
    },
    shutdownDelayMs: settings.SHUTDOWN_DELAY_MS,
  }
}

export function checkDistDir(distDir: string): void {
  if (!existsSync(resolve(distDir, 'index.html'))) {
    throw new ConfigError(`${distDir}/index.html not found: run "npm run build" first`)
  }
}

export type DatabaseConfig =
  { kind: 'embedded'; dataDir: string } | { kind: 'postgres'; url: string }

/** DATABASE_URL is never repeated in a message: it may hold a password. */
export function readDatabaseConfig(env: Record<string, string | undefined>): DatabaseConfig {
  const url = env.DATABASE_URL?.trim()
  if (url) {
    if (!URL.canParse(url) || !/^postgres(ql)?:$/.test(new URL(url).protocol)) {
      throw new ConfigError('DATABASE_URL must be a postgres:// or postgresql:// URL')
    }
    return { kind: 'postgres', url }
  }
  return { kind: 'embedded', dataDir: resolve(env.DATA_DIR?.trim() || 'data') }
}
