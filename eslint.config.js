import js from '@eslint/js'
import pluginQuery from '@tanstack/eslint-plugin-query'
import pluginRouter from '@tanstack/eslint-plugin-router'
import boundaries from 'eslint-plugin-boundaries'
import importX from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import reactRefresh from 'eslint-plugin-react-refresh'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/** The TypeScript projects whose paths resolve imports (`@/` is src/ in each). */
const TS_PROJECTS = ['tsconfig.app.json', 'tsconfig.node.json']

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-*',
      'src/routeTree.gen.ts',
      'public/mockServiceWorker.js',
      'test-results',
      'playwright-report',
    ],
  },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.strictTypeChecked],
    languageOptions: {
      ecmaVersion: 2023,
      globals: globals.browser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': ['warn', { allowExportNames: ['Route'] }],
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      // TanStack Router's redirect()/notFound() are thrown by design.
      '@typescript-eslint/only-throw-error': 'off',
    },
  },
  ...pluginQuery.configs['flat/recommended'],
  {
    // The TMDB client (the router context's) is how a query reaches TMDB, not what it asks: the
    // same key whichever client fetches it.
    rules: {
      '@tanstack/query/exhaustive-deps': [
        'error',
        { allowlist: { types: ['TmdbClient', 'ApiFetch'] } },
      ],
    },
  },
  ...pluginRouter.configs['flat/recommended'],
  {
    // Route files export `Route` next to their components by design; the router plugin splits them.
    files: ['src/routes/**'],
    rules: { 'react-refresh/only-export-components': 'off' },
  },
  {
    // A page's h1 is its PageHeading, which also tells start-up its content has hydrated.
    files: ['src/**/*.tsx'],
    ignores: ['src/components/ui/page-heading.tsx', 'src/**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXOpeningElement[name.name='h1']",
          message: 'Render a page heading with PageHeading (src/components/ui/page-heading.tsx).',
        },
      ],
    },
  },
  {
    // Layers: the app (src/app/, the entry and the router) and the routes compose
    // features; a feature builds on the page's shared code (src/components, src/lib, src/config,
    // src/hooks) and on src/shared/, and never on another feature; the server and the build use
    // src/shared/ alone of src/, and the server the server-rendering entry (src/ssr/).
    // docs/adr/0001-feature-boundaries.md says why. The mocks and the tests may import anything.
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'build/**/*.ts'],
    ignores: ['src/mocks/**'],
    plugins: { boundaries },
    settings: {
      'boundaries/root-path': import.meta.dirname,
      'import/resolver': { typescript: { project: TS_PROJECTS } },
      'boundaries/elements': [
        { type: 'mocks', pattern: 'src/mocks', partialMatch: false },
        { type: 'route', pattern: 'src/routes', partialMatch: false },
        {
          type: 'feature',
          pattern: 'src/features/*',
          capture: ['feature'],
          partialMatch: false,
        },
        // What the server and the build run as well as the page: plain code, no DOM, no Vite.
        { type: 'shared', pattern: 'src/shared', partialMatch: false },
        // The page's own shared code.
        {
          type: 'lib',
          pattern: ['src/components', 'src/lib', 'src/config', 'src/hooks'],
          partialMatch: false,
        },
        // The server-rendering entry: the one file of the app the server loads.
        { type: 'server-entry', pattern: 'src/ssr', partialMatch: false },
        // The rest of src/: src/app/ (start-up, server mode, what wires features together), the
        // entry, the router and its generated tree.
        { type: 'app', pattern: 'src', partialMatch: false },
        { type: 'server', pattern: 'server', partialMatch: false },
        { type: 'build', pattern: 'build', partialMatch: false },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            {
              from: { element: { type: 'shared' } },
              allow: { to: { element: { type: 'shared' } } },
            },
            {
              from: { element: { type: 'lib' } },
              allow: { to: { element: { types: { anyOf: ['lib', 'shared'] } } } },
            },
            // Within a feature anything goes (its own files are not checked); another feature,
            // public files included, never.
            {
              from: { element: { type: 'feature' } },
              allow: { to: { element: { types: { anyOf: ['lib', 'shared'] } } } },
            },
            {
              from: { element: { type: 'route' } },
              allow: {
                to: { element: { types: { anyOf: ['route', 'feature', 'lib', 'shared', 'app'] } } },
              },
            },
            {
              from: { element: { types: { anyOf: ['app', 'server-entry'] } } },
              allow: {
                to: {
                  element: {
                    types: { anyOf: ['app', 'route', 'feature', 'lib', 'shared', 'mocks'] },
                  },
                },
              },
            },
            {
              from: { element: { types: { anyOf: ['server', 'build'] } } },
              allow: { to: { element: { type: 'shared' } } },
            },
            {
              from: { element: { type: 'server' } },
              allow: { to: { element: { types: { anyOf: ['server', 'server-entry'] } } } },
            },
            { from: { element: { type: 'build' } }, allow: { to: { element: { type: 'build' } } } },
          ],
        },
      ],
    },
  },
  {
    // No import cycles, in the page, the server or the build: each layer's files load in an order.
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'build/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': { typescript: { project: TS_PROJECTS } },
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['**/*.{js,mjs}'],
    extends: [js.configs.recommended],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: ['tests/**', 'scripts/**', 'src/mocks/**', '*.config.ts'],
    languageOptions: { globals: globals.node },
  },
)
