const JSON_START = /^\s*(?:[[{"\d-]|true|false|null)/

/** As TanStack Router reads it by default (JSON when it is JSON, else text), without its throw on text. */
export function parseSearchValue(text: string): unknown {
  if (!JSON_START.test(text)) return text
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}
