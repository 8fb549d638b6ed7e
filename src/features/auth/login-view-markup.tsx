import { LoginView } from '@/features/auth/components/login-view'
import { serverViewMarkup } from '@/lib/server-view'

/**
 * The login page as HTML, made once by the app's server for the page it sends at /login: its
 * form, the page's largest paint, then shows with the HTML rather than once the app's code has
 * run. It is what the login route draws for a visitor nobody is signed in as (public/theme.js
 * shows it to no one else), and the app replaces it as it mounts, keeping what was typed into
 * its fields meanwhile (src/lib/drawn-field.ts). Its button stays disabled until then: the
 * form is the app's to send (and Enter in a field sends nothing either). Where to go after
 * login is the app's to read: nothing of the visitor's URL goes in.
 */
export function loginViewMarkup({ imageUrl }: { imageUrl: string }): string {
  return serverViewMarkup(<LoginView redirectTo="/" unsendable />, { imageUrl })
}
