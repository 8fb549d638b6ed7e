import { describe, expect, it } from 'vitest'
import {
  discoverCriteria,
  homeFilters,
  homeHeading,
  parseHomeSearch,
  parseServiceIds,
  servicesParam,
} from '@/features/movies/home-search'
import { discoverRequest } from '@/lib/tmdb/requests'

describe('“On my services” on the home page’s URL', () => {
  it('reads services as positive ids, each once, in order, and writes one id as a number', () => {
    expect(parseServiceIds('337|8|8,15')).toEqual([8, 15, 337])
    expect(parseServiceIds(8)).toEqual([8])
    expect(parseServiceIds('0|-3|abc|9999999999')).toBeUndefined()
    expect(parseServiceIds(['8'])).toBeUndefined()
    expect(servicesParam([337, 8])).toBe('8|337')
    expect(servicesParam([8])).toBe(8)
    expect(servicesParam([])).toBeUndefined()
  })

  it('keeps a country only with services, upper-cased, the US when missing or odd', () => {
    expect(parseHomeSearch({ services: '15|8', region: 'fr' })).toMatchObject({
      services: '8|15',
      region: 'FR',
    })
    expect(parseHomeSearch({ services: 8, region: 'France' })).toMatchObject({
      services: 8,
      region: 'US',
    })
    const plain = parseHomeSearch({ region: 'FR', services: 'none' })
    expect(plain.services).toBeUndefined()
    expect(plain.region).toBeUndefined()
  })

  it('asks discover for films streaming on them there, and only then', () => {
    const params = (search: Record<string, unknown>) =>
      new URLSearchParams(
        discoverRequest(1, discoverCriteria(homeFilters(parseHomeSearch(search)))).params,
      )
    const filtered = params({ services: '8|15', region: 'GB', genre: 18 })
    expect(filtered.get('with_watch_providers')).toBe('8|15')
    expect(filtered.get('watch_region')).toBe('GB')
    expect(filtered.get('with_watch_monetization_types')).toBe('flatrate|free|ads')
    expect(filtered.get('with_genres')).toBe('18')
    const plain = params({})
    for (const name of ['with_watch_providers', 'watch_region', 'with_watch_monetization_types']) {
      expect(plain.has(name)).toBe(false)
    }
    expect(homeHeading(homeFilters(parseHomeSearch({ services: 8 })))).toBe(
      'All movies · on chosen services',
    )
  })
})
