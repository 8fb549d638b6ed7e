const CONTROL = /\p{Cc}/u
// Bidirectional overrides and isolates would let a person's text reorder the text around it.
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/u
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/gu

/** Control characters (but line breaks and tabs, where `lineBreaks`) or bidirectional overrides. */
export const holdsControls = (text: string, { lineBreaks = false } = {}): boolean =>
  CONTROL.test(lineBreaks ? text.replace(/[\n\r\t]/gu, '') : text) || BIDI_CONTROL.test(text)

/** The text without control characters (but those in `keep`) and bidirectional overrides. */
export const withoutControls = (text: string, keep = ''): string =>
  text.replace(/\p{Cc}/gu, (char) => (keep.includes(char) ? char : '')).replace(BIDI_CONTROLS, '')
