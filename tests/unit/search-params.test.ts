import { describe, expect, it } from 'vitest'
import { parseSearchValue } from '@/lib/search-params'

/** The router's own default: JSON.parse, and the text when that throws. */
function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

describe('parseSearchValue', () => {
  it('reads JSON as JSON and anything else as its text', () => {
    expect(parseSearchValue('2')).toBe(2)
    expect(parseSearchValue('-7')).toBe(-7)
    expect(parseSearchValue('"1984"')).toBe('1984')
    expect(parseSearchValue('true')).toBe(true)
    expect(parseSearchValue('star wars')).toBe('star wars')
  })

  it('gives what JSON.parse-or-text gives, for JSON, near-JSON and plain text alike', () => {
    const samples = [
      ...['0', '12', ' 3', '1e3', '-1', '"quoted"', '[1,2]', '{"a":1}', 'null', 'false'],
      ...['12abc', '{oops', '[1,', '"unterminated', 'nullify', 'trueish', '-', ' '],
      ...['star', 'Amélie', '', 'NaN', 'Infinity', "'single'", '+1', '.5', '\u00a01'],
    ]
    for (const text of samples) expect(parseSearchValue(text)).toEqual(jsonOrText(text))
  })
})
