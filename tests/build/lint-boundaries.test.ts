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

/**
 * The layering policy, by the file that imports: what the rule reports and what it allows, each
 * import with the words that name the case.
 */
const LAYERS: {
  importer: string
  file: string
  reports?: [what: string, source: string][]
  allows?: [what: string, source: string][]
}[] = [
  {
    importer: 'a feature',
    file: 'src/features/movies/x.ts',
    reports: [
      ['importing another feature', '@/features/lists/list-toggles'],
      ['importing a route', '@/routes/search'],
      ['importing the app layer', '@/app/movie-actions'],
      ['importing the mocks', '@/mocks/handlers'],
    ],
    allows: [
      ['using its own internals', '@/features/movies/components/movie-card'],
      ['using shared code', '@/lib/toast'],
    ],
  },
  {
    importer: 'a feature',
    file: 'src/features/search/x.ts',
    reports: [
      ["reaching into another feature's internals", '@/features/movies/components/movie-card'],
    ],
  },
  {
    importer: 'a feature',
    file: 'src/features/auth/x.ts',
    reports: [['importing the router', '@/router']],
    allows: [['using the code the server shares', '@/shared/accounts/validation']],
  },
  {
    importer: 'shared code',
    file: 'src/components/x.tsx',
    reports: [['importing a feature', '@/features/auth/redirect']],
    allows: [['using shared code', '@/lib/toast']],
  },
  {
    importer: 'shared code',
    file: 'src/lib/x.ts',
    reports: [
      ['importing a route', '@/routes/index'],
      ['importing the app layer', '@/app/movie-actions'],
    ],
    allows: [['using the code the server shares', '@/shared/urls']],
  },
  {
    importer: "the server's shared code",
    file: 'src/shared/x.ts',
    reports: [
      ["importing the page's", '@/lib/storage'],
      ['importing a feature', '@/features/auth/redirect'],
    ],
    allows: [['its own', '@/shared/lists/merge']],
  },
  {
    importer: 'the server',
    file: 'server/x.ts',
    reports: [
      ['importing a feature', '@/features/lists/list-toggles'],
      ["importing the page's shared code", '@/lib/tmdb/requests'],
      ['importing the mocks', '@/mocks/handlers'],
      ['importing the build', '../build/content-security-policy'],
      ['importing the router', '@/router'],
    ],
    allows: [
      ['src/shared/', '@/shared/urls'],
      ['the server-rendering entry', '@/ssr/entry-server'],
    ],
  },
  {
    importer: 'the server',
    file: 'server/lists/x.ts',
    allows: [['its own files', '../db/schema']],
  },
  {
    importer: 'the build',
    file: 'build/x.ts',
    reports: [
      ["importing the page's code", '../src/lib/storage.ts'],
      ['importing the server', '../server/config'],
    ],
    allows: [['src/shared/', '../src/shared/content-security-policy.ts']],
  },
  {
    importer: 'a route',
    file: 'src/routes/x.tsx',
    allows: [
      ['using any part of a feature', '@/features/movies/components/movie-card'],
      ['using the app layer', '@/app/movie-actions'],
    ],
  },
  {
    importer: 'the app layer',
    file: 'src/app/x.tsx',
    allows: [['any feature', '@/features/lists/list-toggles']],
  },
  {
    importer: 'the mocks',
    file: 'src/mocks/x.ts',
    allows: [['anything', '@/features/movies/components/movie-card']],
  },
]

describe('the layering lint rule', () => {
  it.each(
    LAYERS.flatMap(({ importer, file, reports = [], allows = [] }) => [
      ...reports.map(
        ([what, source]) => [`reports ${importer} ${what}`, file, source, REPORTED] as const,
      ),
      ...allows.map(
        ([what, source]) => [`allows ${importer} ${what}`, file, source, ALLOWED] as const,
      ),
    ]),
  )('%s', async (_, filePath, source, errorCount) => {
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
