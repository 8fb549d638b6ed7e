/** Only a same-site path (not "//" or "/\", no scheme) may be a post-login destination. */
export function safeRedirectPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 2000) return undefined
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined
  try {
    const url = new URL(value, 'http://localhost')
    if (url.origin !== 'http://localhost') return undefined
    return `${url.pathname}${url.search}${url.hash}`
  } catch {
    return undefined
  }
}
