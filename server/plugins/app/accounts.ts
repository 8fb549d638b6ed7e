import fp from 'fastify-plugin'
import { createAccountAuth, type AccountAuth } from '../../accounts/auth'
import {
  createLoginThrottle,
  type LoginLimits,
  type LoginThrottle,
} from '../../accounts/login-throttle'
import {
  createRequestLimits,
  DEFAULT_REQUEST_LIMITS,
  type Limits,
  type RequestLimits,
} from '../../accounts/request-limits'
import { authSecret } from '../../accounts/secret'
import { createRateCounter } from '../../limits/rate-counter'
import { loggableError } from '../../logging/loggable-error'

declare module 'fastify' {
  interface FastifyInstance {
    accounts: { auth: AccountAuth; throttle: LoginThrottle; limits: Limits }
  }
}

export interface AccountsPluginOptions {
  secret: string | undefined
  loginLimits: LoginLimits
  requestLimits?: RequestLimits | undefined
}

// Any instance may prune: it is idempotent.
const PRUNE_EVERY_MS = 15 * 60 * 1000

export default fp<AccountsPluginOptions>(
  async (app, { secret, loginLimits, requestLimits = DEFAULT_REQUEST_LIMITS }) => {
    const auth = createAccountAuth({
      db: app.db,
      secret: await authSecret(app.db, secret),
      log: (level, message, error) => {
        app.log[level](error ? { err: loggableError(error) } : {}, message)
      },
    })
    const counter = createRateCounter(app.db)
    app.decorate('accounts', {
      auth,
      throttle: createLoginThrottle(counter, loginLimits),
      limits: createRequestLimits(counter, requestLimits),
    })

    const prune = setInterval(() => {
      Promise.all([counter.prune(), auth.pruneSessions()]).catch((error: unknown) => {
        app.log.warn({ err: loggableError(error) }, 'could not clear ended limits and sessions')
      })
    }, PRUNE_EVERY_MS)
    prune.unref()
    app.addHook('onClose', () => {
      clearInterval(prune)
    })
  },
  { name: 'accounts', dependencies: ['database'], fastify: '5.x' },
)
