const CONTROL = /\p{Cc}/u
// Bidirectional overrides and isolates would let a person's text reorder the text around it.
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/u

/** Control characters (but line breaks and tabs, where `lineBreaks`) or bidirectional overrides. */
export const holdsControls = (text: string, { lineBreaks = false } = {}): boolean =>
  CONTROL.test(lineBreaks ? text.replace(/[\n\r\t]/gu, '') : text) || BIDI_CONTROL.test(text)
