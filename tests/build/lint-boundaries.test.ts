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

/** The messages of `ruleId` ESLint reports for a file at `filePath` importing `source`. */
async function errorsOf(ruleId: string, filePath: string, source: string) {
  const [result] = await eslint.lintText(`import { x } from '${source}'\nexport { x }\n`, {
    filePath,
  })
  const messages = result?.messages ?? []
  // A snippet that did not parse would pass the "allows" cases without being checked.
  expect(messages.filter((message) => message.fatal)).toEqual([])
  return messages.filter((message) => message.ruleId === ruleId).map((message) => message.message)
}

const REPORTED = 1
const ALLOWED = 0

describe('the layering lint rule', () => {
  it.each([
    [
      'reports a feature importing another feature',
      'src/features/movies/x.ts',
      '@/features/lists/list-toggles',
      REPORTED,
    ],
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
      'reports a feature importing the app layer',
      'src/features/movies/x.ts',
      '@/app/movie-actions',
      REPORTED,
    ],
    [
      'reports a feature importing the mocks',
      'src/features/movies/x.ts',
      '@/mocks/handlers',
      REPORTED,
    ],
    [
      'allows a feature using its own internals',
      'src/features/movies/x.ts',
      '@/features/movies/components/movie-card',
      ALLOWED,
    ],
    ['allows a feature using shared code', 'src/features/movies/x.ts', '@/lib/toast', ALLOWED],
    [
      'allows a feature using the code the server shares',
      'src/features/auth/x.ts',
      '@/shared/accounts/validation',
      ALLOWED,
    ],
    [
      'reports shared code importing a feature',
      'src/components/x.tsx',
      '@/features/auth/redirect',
      REPORTED,
    ],
    ['reports shared code importing a route', 'src/lib/x.ts', '@/routes/index', REPORTED],
    [
      'reports shared code importing the app layer',
      'src/lib/x.ts',
      '@/app/movie-actions',
      REPORTED,
    ],
    ['allows shared code using shared code', 'src/components/x.tsx', '@/lib/toast', ALLOWED],
    [
      'allows shared code using the code the server shares',
      'src/lib/x.ts',
      '@/shared/urls',
      ALLOWED,
    ],
    [
      "reports the server's shared code importing the page's",
      'src/shared/x.ts',
      '@/lib/storage',
      REPORTED,
    ],
    [
      "reports the server's shared code importing a feature",
      'src/shared/x.ts',
      '@/features/auth/redirect',
      REPORTED,
    ],
    ["allows the server's shared code its own", 'src/shared/x.ts', '@/shared/lists/merge', ALLOWED],
    [
      'reports the server importing a feature',
      'server/x.ts',
      '@/features/lists/list-toggles',
      REPORTED,
    ],
    [
      "reports the server importing the page's shared code",
      'server/x.ts',
      '@/lib/tmdb/requests',
      REPORTED,
    ],
    ['reports the server importing the mocks', 'server/x.ts', '@/mocks/handlers', REPORTED],
    [
      'reports the server importing the build',
      'server/x.ts',
      '../build/content-security-policy',
      REPORTED,
    ],
    ['allows the server src/shared/', 'server/x.ts', '@/shared/urls', ALLOWED],
    ['allows the server its own files', 'server/lists/x.ts', '../db/schema', ALLOWED],
    [
      "reports the build importing the page's code",
      'build/x.ts',
      '../src/lib/storage.ts',
      REPORTED,
    ],
    ['reports the build importing the server', 'build/x.ts', '../server/config', REPORTED],
    [
      'allows the build src/shared/',
      'build/x.ts',
      '../src/shared/content-security-policy.ts',
      ALLOWED,
    ],
    ['allows the server the server-rendering entry', 'server/x.ts', '@/ssr/entry-server', ALLOWED],
    ['reports the server importing the router', 'server/x.ts', '@/router', REPORTED],
    [
      'allows a route using any part of a feature',
      'src/routes/x.tsx',
      '@/features/movies/components/movie-card',
      ALLOWED,
    ],
    ['allows a route using the app layer', 'src/routes/x.tsx', '@/app/movie-actions', ALLOWED],
    ['allows the app layer any feature', 'src/app/x.tsx', '@/features/lists/list-toggles', ALLOWED],
    [
      'allows the mocks anything',
      'src/mocks/x.ts',
      '@/features/movies/components/movie-card',
      ALLOWED,
    ],
  ])('%s', async (_, filePath, source, errorCount) => {
    const errors = await errorsOf('boundaries/dependencies', filePath, source)
    expect(errors).toHaveLength(errorCount)
    for (const error of errors) expect(error).toMatch(/^There is no policy allowing dependencies/)
  })
})

describe('the import-cycle lint rule', () => {
  it.each([
    // user-storage.ts imports session-store.ts.
    ['reports a cycle in the page', 'src/lib/session/session-store.ts', './user-storage', REPORTED],
    // db/postgres.ts imports config.ts.
    ['reports a cycle in the server', 'server/config.ts', './db/postgres', REPORTED],
    [
      'allows an import that closes no cycle',
      'src/lib/session/user-storage.ts',
      '@/lib/storage',
      ALLOWED,
    ],
  ])('%s', async (_, filePath, source, errorCount) => {
    const errors = await errorsOf('import-x/no-cycle', filePath, source)
    expect(errors).toHaveLength(errorCount)
    for (const error of errors) expect(error).toMatch(/cycle/i)
  })
})
