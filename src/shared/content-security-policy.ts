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

/** Derived from the built page's policy, so the two that browsers enforce together cannot drift. */
export function servedPagePolicies(
  builtPolicy: string,
  { imageOrigin, nonce }: { imageOrigin: string | undefined; nonce?: string | undefined },
): { meta: string; header: string } {
  const directives = parsePolicy(builtPolicy)
  const images = imageOrigin ? [imageOrigin] : []
  if (nonce)
    directives.set('script-src', [...(directives.get('script-src') ?? []), `'nonce-${nonce}'`])
  directives.set('img-src', ["'self'", 'data:', ...images])
  directives.set('connect-src', ["'self'", ...images])
  const meta = serializePolicy(directives)
  directives.set('frame-ancestors', ["'none'"])
  return { meta, header: serializePolicy(directives) }
}

/** Browsers apply a policy only to a document or worker: for the rest, no framing, nothing else. */
export const SUBRESOURCE_POLICY = "default-src 'none'; frame-ancestors 'none'"

/** Under SUBRESOURCE_POLICY the worker could fetch nothing, so it would never install. */
export function serviceWorkerPolicy({ imageOrigin }: { imageOrigin: string | undefined }): string {
  return [
    "default-src 'none'",
    ['connect-src', "'self'", ...(imageOrigin ? [imageOrigin] : [])].join(' '),
    "frame-ancestors 'none'",
  ].join('; ')
}
