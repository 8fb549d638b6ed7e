import { WEB_MANIFEST_FILE } from '@/config/app'
import { appendLink } from '@/lib/head-link'

/**
 * Links the web app manifest, which the built page leaves out (build/manifest-link.ts): a
 * browser fetches a linked manifest and its icon at once, and over HTTP/1.1 on a phone the two
 * took connections the start-up scripts were waiting for. Nobody installs in the first second.
 */
export function linkWebManifest(): void {
  appendLink({ rel: 'manifest', href: import.meta.env.BASE_URL + WEB_MANIFEST_FILE })
}
