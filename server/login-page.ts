import type { FastifyBaseLogger } from 'fastify'
import { loginViewMarkup } from '@/features/auth/login-view-markup'
import type { ServedIndexHtml, ServedPage } from './index-html'

/**
 * The page at /login with the login form drawn in it (src/features/auth/login-view-markup.tsx),
 * made once, at start: the page's largest paint needs no script. The same for every visitor and
 * every /login URL. The plain page when drawing fails: the app draws the form then.
 */
export function drawnLoginPage(
  index: ServedIndexHtml,
  imageUrl: string,
  log: Pick<FastifyBaseLogger, 'error'>,
): ServedPage {
  try {
    return index.with({ head: '', body: '', pageView: loginViewMarkup({ imageUrl }) })
  } catch (error) {
    log.error({ err: error, route: '/login' }, 'could not draw the page’s view')
    return index
  }
}
