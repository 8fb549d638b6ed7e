/**
 * The Content-Security-Policy as the app's server sends it, derived from the one the build puts
 * in index.html (build/content-security-policy.ts).
 */

/** A policy's directives by name, in their order, each with its sources. */
export function parsePolicy(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>()
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/)
    if (name) directives.set(name.toLowerCase(), sources)
  }
  return directives
}

export const serializePolicy = (directives: Map<string, string[]>): string =>
  [...directives].map(([name, sources]) => [name, ...sources].join(' ')).join('; ')

/**
 * The policies of a page sent by the app's server (`npm start`), which answers the API on the
 * page's own origin: the built policy, with connect-src narrowed to that origin (no request
 * from the page may reach TMDB's API host) and img-src to it and the image host; with a nonce,
 * the scripts that carry it run too. The header adds
 * what only a header can say: no framing. Derived from the built page's own policy, so the two
 * that browsers enforce together cannot drift apart.
 */
export function servedPagePolicies(
  builtPolicy: string,
  { imageOrigin, nonce }: { imageOrigin: string | undefined; nonce?: string | undefined },
): { meta: string; header: string } {
  const directives = parsePolicy(builtPolicy)
  const images = imageOrigin ? [imageOrigin] : []
  // The scripts the router writes into a page the server rendered carry this response's nonce.
  if (nonce)
    directives.set('script-src', [...(directives.get('script-src') ?? []), `'nonce-${nonce}'`])
  directives.set('img-src', ["'self'", 'data:', ...images])
  directives.set('connect-src', ["'self'", ...images])
  const meta = serializePolicy(directives)
  directives.set('frame-ancestors', ["'none'"])
  return { meta, header: serializePolicy(directives) }
}

/**
 * The policy of everything the server sends that is not the page: scripts, styles, JSON,
 * images, errors. Browsers apply a policy only to a document (or a worker), so the page's long
 * one would be dead weight on each of these; this one still forbids framing, and locks down
 * anything opened directly in a tab.
 */
export const SUBRESOURCE_POLICY = "default-src 'none'; frame-ancestors 'none'"

/**
 * The policy of the service worker's script (sw.js), which the worker runs under: under
 * SUBRESOURCE_POLICY it could fetch nothing, so it would never install. It fetches the app's
 * own files and API (its origin) and the posters (the image host, when that is another
 * origin); it loads no other script (the build bundles it whole).
 */
export function serviceWorkerPolicy({ imageOrigin }: { imageOrigin: string | undefined }): string {
  return [
    "default-src 'none'",
    ['connect-src', "'self'", ...(imageOrigin ? [imageOrigin] : [])].join(' '),
    "frame-ancestors 'none'",
  ].join('; ')
}
