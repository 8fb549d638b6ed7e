import fp from 'fastify-plugin'
import { createAccountAuth, type AccountAuth } from '../../accounts/auth'
import {
  createLoginThrottle,
  type LoginLimits,
  type LoginThrottle,
} from '../../accounts/login-throttle'
import { authSecret } from '../../accounts/secret'
import { loggableError } from '../../loggable-error'

declare module 'fastify' {
  interface FastifyInstance {
    /** Accounts on the server (better-auth over the database), and the sign-in limits. */
    accounts: { auth: AccountAuth; throttle: LoginThrottle }
  }
}

export interface AccountsPluginOptions {
  /** AUTH_SECRET; a key kept in the database when not set. */
  secret: string | undefined
  loginLimits: LoginLimits
}

/** Old failed-sign-in counts are cleared this often (any instance may; it is idempotent). */
const PRUNE_EVERY_MS = 15 * 60 * 1000

/** The accounts service, over the database plugin's `app.db`. */
export default fp<AccountsPluginOptions>(
  async (app, { secret, loginLimits }) => {
    const auth = createAccountAuth({
      db: app.db,
      secret: await authSecret(app.db, secret),
      log: (level, message) => {
        app.log[level](message)
      },
    })
    const throttle = createLoginThrottle(app.db, loginLimits)
    app.decorate('accounts', { auth, throttle })

    const prune = setInterval(() => {
      throttle.prune().catch((error: unknown) => {
        app.log.warn({ err: loggableError(error) }, 'could not clear old sign-in counts')
      })
    }, PRUNE_EVERY_MS)
    prune.unref()
    app.addHook('onClose', () => {
      clearInterval(prune)
    })
  },
  { name: 'accounts', dependencies: ['database'], fastify: '5.x' },
)
