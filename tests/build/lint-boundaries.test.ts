// @vitest-environment node
import { ESLint } from 'eslint'
import tseslint from 'typescript-eslint'
import { describe, expect, it } from 'vitest'

// The project's own config; the snippets are not files the TypeScript project knows, so the
// type-aware rules (which need them to be) are left out.
const eslint = new ESLint({
  cwd: new URL('../..', import.meta.url).pathname,
  overrideConfig: tseslint.configs.disableTypeChecked,
})

/** The layering errors ESLint reports for a file at `filePath` importing `source`. */
async function boundaryErrors(filePath: string, source: string) {
  const [result] = await eslint.lintText(`import { x } from '${source}'\nexport { x }\n`, {
    filePath,
  })
  const messages = result?.messages ?? []
  // A snippet that did not parse would pass the "allows" cases without being checked.
  expect(messages.filter((message) => message.fatal)).toEqual([])
  return messages
    .filter((message) => message.ruleId === 'boundaries/dependencies')
    .map((message) => message.message)
}

const REPORTED = 1
const ALLOWED = 0

describe('the layering lint rule', () => {
  it.each([
    [
      'reports shared code importing a feature',
      'src/components/x.tsx',
      '@/features/auth/redirect',
      REPORTED,
    ],
    ['reports shared code importing a route', 'src/lib/x.ts', '@/routes/index', REPORTED],
    [
      "reports a feature reaching into another feature's internals",
      'src/features/search/x.ts',
      '@/features/movies/components/movie-card',
      REPORTED,
    ],
    [
      'reports a feature importing a route',
      'src/features/movies/x.ts',
      '@/routes/search',
      REPORTED,
    ],
    ['reports a feature importing the router', 'src/features/auth/x.ts', '@/router', REPORTED],
    [
      "allows a feature using another feature's public file",
      'src/features/movies/x.ts',
      '@/features/auth/redirect',
      ALLOWED,
    ],
    [
      'allows a feature using its own internals',
      'src/features/movies/x.ts',
      '@/features/movies/components/movie-card',
      ALLOWED,
    ],
    ['allows a feature using shared code', 'src/features/movies/x.ts', '@/lib/toast', ALLOWED],
    [
      'allows a route using any part of a feature',
      'src/routes/x.tsx',
      '@/features/movies/components/movie-card',
      ALLOWED,
    ],
    ['allows shared code using shared code', 'src/components/x.tsx', '@/lib/toast', ALLOWED],
    [
      'allows the mocks anything',
      'src/mocks/x.ts',
      '@/features/movies/components/movie-card',
      ALLOWED,
    ],
  ])('%s', async (_, filePath, source, errorCount) => {
    const errors = await boundaryErrors(filePath, source)
    expect(errors).toHaveLength(errorCount)
    for (const error of errors) expect(error).toMatch(/^There is no policy allowing dependencies/)
  })
})
