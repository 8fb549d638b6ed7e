import { afterEach, describe, expect, it, vi } from 'vitest'
import { readStored, removeStored, StorageError, writeStored } from '@/lib/storage'
import * as v from '@/lib/validate'

const schema = v.object({ n: v.number() })

const backups = () => Object.keys(localStorage).filter((key) => key.startsWith('backup:'))

afterEach(() => {
  vi.restoreAllMocks()
})

describe('storage', () => {
  it('reads back what it wrote', () => {
    writeStored('thing', { n: 1 })
    expect(readStored('thing', schema)).toEqual({ n: 1 })
    removeStored('thing')
    expect(readStored('thing', schema)).toBeNull()
  })

  it('sets aside corrupt JSON and wrong shapes under a backup key, keeping the raw value', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    localStorage.setItem('broken', '{oops')
    localStorage.setItem('wrong', '{"n":"one"}')
    localStorage.setItem('other', '{"n":2}')
    expect(readStored('broken', schema)).toBeNull()
    expect(readStored('wrong', schema)).toBeNull()
    expect(localStorage.getItem('broken')).toBeNull()
    expect(
      backups()
        .map((key) => localStorage.getItem(key))
        .sort(),
    ).toEqual(['{"n":"one"}', '{oops'])
    expect(readStored('other', schema)).toEqual({ n: 2 })
    expect(warn).toHaveBeenCalledTimes(2)
  })

  it('turns a full storage into a StorageError and leaves the old value', () => {
    writeStored('thing', { n: 1 })
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError')
    })
    expect(() => {
      writeStored('thing', { n: 2 })
    }).toThrow(StorageError)
    try {
      writeStored('thing', { n: 2 })
    } catch (error) {
      expect(error).toMatchObject({ reason: 'quota' })
    }
    vi.restoreAllMocks()
    expect(readStored('thing', schema)).toEqual({ n: 1 })
  })

  it('treats storage that throws on access as empty for reads and unavailable for writes', () => {
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError')
    })
    expect(readStored('thing', schema)).toBeNull()
    expect(() => {
      writeStored('thing', { n: 1 })
    }).toThrow(expect.objectContaining({ reason: 'unavailable' }) as Error)
    expect(() => {
      removeStored('thing')
    }).not.toThrow()
  })
})
