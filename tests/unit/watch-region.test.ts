import { describe, expect, it } from 'vitest'
import { browserRegion, regionName } from '@/lib/watch/region'

describe('the region of the browser’s language', () => {
  it('is the first language’s region, or the one it implies', () => {
    expect(browserRegion(['de-AT', 'de'])).toBe('AT')
    expect(browserRegion(['fr'])).toBe('FR')
    expect(browserRegion(['en'])).toBe('US')
    expect(browserRegion(['not a tag!', 'ja'])).toBe('JP')
    expect(browserRegion([])).toBeUndefined()
  })

  it('is named in English, or kept as its code when unknown', () => {
    expect(regionName('ES')).toBe('Spain')
    expect(regionName('XK')).toBe('Kosovo')
    expect(regionName('nonsense')).toBe('nonsense')
  })
})
