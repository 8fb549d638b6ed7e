/** Where a value differs from its schema, e.g. "results[3].id: expected a number". */
export class SchemaError extends Error {
  override readonly name = 'SchemaError'
}

export type Schema<T> = (value: unknown, path: string) => T

export type Infer<S> = S extends Schema<infer T> ? T : never

type Shape = Record<string, Schema<unknown>>
type OptionalKeys<S extends Shape> = {
  [K in keyof S]: undefined extends Infer<S[K]> ? K : never
}[keyof S]
type ObjectOf<S extends Shape> = {
  [K in Exclude<keyof S, OptionalKeys<S>>]: Infer<S[K]>
} & { [K in OptionalKeys<S>]?: Infer<S[K]> } extends infer O
  ? { [K in keyof O]: O[K] }
  : never

function fail(path: string, expected: string): never {
  throw new SchemaError(`${path || 'value'}: expected ${expected}`)
}

export const string =
  (): Schema<string> =>
  (value, path): string =>
    typeof value === 'string' ? value : fail(path, 'a string')

export const boolean =
  (): Schema<boolean> =>
  (value, path): boolean =>
    typeof value === 'boolean' ? value : fail(path, 'a boolean')

export const unknown = (): Schema<unknown> => (value) => value

export const number =
  (): Schema<number> =>
  (value, path): number =>
    typeof value === 'number' && Number.isFinite(value) ? value : fail(path, 'a number')

export const oneOf =
  <const T extends readonly (string | number | boolean)[]>(values: T): Schema<T[number]> =>
  (value, path) =>
    values.includes(value as T[number])
      ? (value as T[number])
      : fail(path, values.map((expected) => JSON.stringify(expected)).join(' or '))

export const literal = <const T extends string | number | boolean>(value: T): Schema<T> =>
  oneOf([value])

export const optional =
  <T>(schema: Schema<T>): Schema<T | undefined> =>
  (value, path) =>
    value === undefined ? undefined : schema(value, path)

export const nullable =
  <T>(schema: Schema<T>): Schema<T | null> =>
  (value, path) =>
    value === null ? null : schema(value, path)

export const nullish = <T>(schema: Schema<T>): Schema<T | null | undefined> =>
  optional(nullable(schema))

export const withFallback =
  <T>(schema: Schema<T>, fallback: T): Schema<T> =>
  (value, path) => {
    const parsed = safeParse(schema, value, path)
    return parsed.success ? parsed.data : fallback
  }

export const refine =
  <T>(schema: Schema<T>, test: (value: T) => boolean, expected: string): Schema<T> =>
  (value, path) => {
    const checked = schema(value, path)
    return test(checked) ? checked : fail(path, expected)
  }

export const array =
  <T>(item: Schema<T>): Schema<T[]> =>
  (value, path) =>
    Array.isArray(value)
      ? value.map((entry, index) => item(entry, `${path}[${String(index)}]`))
      : fail(path, 'an array')

/** An array of the entries that match `item`; the others are left out. */
export const validItems =
  <T>(item: Schema<T>): Schema<T[]> =>
  (value, path) =>
    Array.isArray(value)
      ? value.flatMap((entry, index) => {
          const parsed = safeParse(item, entry, `${path}[${String(index)}]`)
          return parsed.success ? [parsed.data] : []
        })
      : fail(path, 'an array')

/** An object of any keys whose values match `item`; the entries that do not are left out. */
export const validRecord =
  <T>(item: Schema<T>): Schema<Record<string, T>> =>
  (value, path) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      return fail(path, 'an object')
    }
    const kept: Record<string, T> = {}
    for (const [key, entry] of Object.entries(value)) {
      const parsed = safeParse(item, entry, path ? `${path}.${key}` : key)
      if (parsed.success) kept[key] = parsed.data
    }
    return kept
  }

/** An object with the fields of `shape`, and only those: any other field is left out. */
export function object<S extends Shape>(shape: S): Schema<ObjectOf<S>> {
  const fieldSchemas = Object.entries(shape)
  return (value, path) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      return fail(path, 'an object')
    }
    const fields = value as Record<string, unknown>
    const result: Record<string, unknown> = {}
    for (const [key, schema] of fieldSchemas) {
      const field = schema(fields[key], path ? `${path}.${key}` : key)
      if (field !== undefined) result[key] = field
    }
    return result as ObjectOf<S>
  }
}

export const union =
  <S extends readonly Schema<unknown>[]>(...schemas: S): Schema<Infer<S[number]>> =>
  (value, path) => {
    for (const schema of schemas) {
      const parsed = safeParse(schema, value, path)
      if (parsed.success) return parsed.data as Infer<S[number]>
    }
    return fail(path, `one of ${String(schemas.length)} shapes`)
  }

export type Parsed<T> = { success: true; data: T } | { success: false; error: SchemaError }

export function safeParse<T>(schema: Schema<T>, value: unknown, path = ''): Parsed<T> {
  try {
    return { success: true, data: schema(value, path) }
  } catch (error) {
    if (error instanceof SchemaError) return { success: false, error }
    throw error
  }
}
