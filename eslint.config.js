import js from '@eslint/js'
import pluginQuery from '@tanstack/eslint-plugin-query'
import pluginRouter from '@tanstack/eslint-plugin-router'
import boundaries from 'eslint-plugin-boundaries'
import reactHooks from 'eslint-plugin-react-hooks'
import reactRefresh from 'eslint-plugin-react-refresh'
import globals from 'globals'
import tseslint from 'typescript-eslint'

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
  ...pluginRouter.configs['flat/recommended'],
  {
    // Route files export `Route` next to their components by design; the router plugin splits them.
    files: ['src/routes/**'],
    rules: { 'react-refresh/only-export-components': 'off' },
  },
  {
    // Layers: routes compose features, features build on shared code. A feature's public surface
    // is the files at the top of its folder; its sub-folders (api/, components/, hooks/, …) are
    // its own. The mocks and the tests may import anything.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/mocks/**'],
    plugins: { boundaries },
    settings: {
      'boundaries/root-path': import.meta.dirname,
      'import/resolver': { typescript: { project: 'tsconfig.app.json' } },
      'boundaries/elements': [
        { type: 'mocks', pattern: 'src/mocks', partialMatch: false },
        { type: 'route', pattern: 'src/routes', partialMatch: false },
        {
          type: 'feature',
          pattern: 'src/features/*',
          capture: ['feature'],
          partialMatch: false,
        },
        {
          type: 'shared',
          pattern: ['src/components', 'src/lib', 'src/config', 'src/hooks'],
          partialMatch: false,
        },
        // The rest of src/: the entry, the app's start-up, the router and its generated tree.
        { type: 'app', pattern: 'src', partialMatch: false },
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
              from: { element: { type: 'feature' } },
              allow: {
                to: [
                  { element: { type: 'shared' } },
                  // Another feature's public files only (within a feature, anything goes).
                  { element: { type: 'feature', fileInternalPath: '*' } },
                ],
              },
            },
            {
              from: { element: { type: 'route' } },
              allow: { to: { element: { types: { anyOf: ['route', 'feature', 'shared'] } } } },
            },
            // The root route's context type is declared with the router.
            {
              from: { element: { type: 'route' } },
              allow: { to: { element: { type: 'app' } }, dependency: { kind: 'type' } },
            },
            { from: { element: { type: 'app' } }, allow: { to: { element: { type: '*' } } } },
          ],
        },
      ],
    },
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
