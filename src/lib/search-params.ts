/** Text that can start a JSON value; anything else is certainly not JSON. */
const JSON_START = /^\s*(?:[[{"\d-]|true|false|null)/

/**
 * A search parameter's value from its text, as TanStack Router reads it by default: JSON when
 * the text is JSON (`?page=2` is the number 2), else the text. The router (src/router.tsx) and
 * the entry, which reads the landing URL before the router exists, both use this one. Plain
 * text skips JSON.parse: the exception it would throw costs milliseconds the first time, in the
 * middle of start-up.
 */
export function parseSearchValue(text: string): unknown {
  if (!JSON_START.test(text)) return text
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}
