import { describe, expect, it } from 'vitest'
import * as v from '@/lib/validate'

const movie = v.object({
  id: v.number(),
  title: v.nullish(v.string()),
  genres: v.optional(v.array(v.object({ name: v.string() }))),
})

const parsed = <T>(schema: v.Schema<T>, value: unknown) => v.safeParse(schema, value)

describe('validate', () => {
  it('keeps the fields an object names, and only those', () => {
    expect(
      parsed(movie, { id: 1, title: null, adult: false, genres: [{ id: 3, name: 'Drama' }] }),
    ).toStrictEqual({ success: true, data: { id: 1, title: null, genres: [{ name: 'Drama' }] } })
    // An absent optional field stays absent rather than becoming an undefined key.
    expect(parsed(movie, { id: 2 })).toStrictEqual({ success: true, data: { id: 2 } })
  })

  it('says where a value differs from its schema', () => {
    const result = parsed(v.object({ results: v.array(movie) }), {
      results: [{ id: 1 }, { id: 2, genres: [{ name: 7 }] }],
    })
    expect(result.success).toBe(false)
    if (result.success) return
    expect(result.error).toBeInstanceOf(v.SchemaError)
    expect(result.error.message).toBe('results[1].genres[0].name: expected a string')
  })

  it.each([
    ['a string', v.string(), 1],
    ['a number', v.number(), '1'],
    ['a finite number', v.number(), Number.NaN],
    ['a boolean', v.boolean(), 'true'],
    ['an object', movie, [{ id: 1 }]],
    ['an object, not null', movie, null],
    ['an array', v.array(v.number()), { 0: 1 }],
    ['a listed value', v.oneOf(['light', 'dark']), 'blue'],
    ['the literal', v.literal(1), true],
    ['a required field', movie, { title: 'No id' }],
  ])('rejects what is not %s', (_expected, schema: v.Schema<unknown>, value) => {
    expect(parsed(schema, value).success).toBe(false)
  })

  it('takes the first matching shape of a union', () => {
    const stored = v.union(
      v.object({ version: v.literal(1), movies: v.array(v.number()) }),
      v.array(v.number()),
    )
    expect(parsed(stored, { version: 1, movies: [1, 2] })).toEqual({
      success: true,
      data: { version: 1, movies: [1, 2] },
    })
    expect(parsed(stored, [3])).toEqual({ success: true, data: [3] })
    expect(parsed(stored, { version: 2, movies: [] }).success).toBe(false)
  })

  it('falls back where a part does not match, and refines', () => {
    const user = v.object({
      name: v.withFallback(v.string(), ''),
      email: v.refine(v.string(), (email) => email !== '', 'an e-mail'),
    })
    expect(parsed(user, { name: 4, email: 'a@b.c' })).toEqual({
      success: true,
      data: { name: '', email: 'a@b.c' },
    })
    const empty = parsed(user, { name: 'Ann', email: '' })
    expect(empty.success ? '' : empty.error.message).toBe('email: expected an e-mail')
  })

  it('lets errors other than a mismatch through', () => {
    const broken: v.Schema<never> = () => {
      throw new TypeError('a bug')
    }
    expect(() => v.safeParse(v.withFallback(broken, undefined), 1)).toThrow(TypeError)
  })
  it('keeps the entries of a list that match and leaves the others out', () => {
    const credits = v.validItems(v.object({ id: v.number() }))
    expect(parsed(credits, [{ id: 1 }, { title: 'no id' }, null, { id: 2 }])).toStrictEqual({
      success: true,
      data: [{ id: 1 }, { id: 2 }],
    })
    expect(parsed(credits, 'not a list').success).toBe(false)
  })
})
