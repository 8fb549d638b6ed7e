import { WEB_MANIFEST_FILE } from '@/config/app'
import { appendLink } from '@/lib/head-link'

/** The built page leaves the manifest out (build/manifest-link.ts): see docs/architecture.md. */
export function linkWebManifest(): void {
  appendLink({ rel: 'manifest', href: import.meta.env.BASE_URL + WEB_MANIFEST_FILE })
}
