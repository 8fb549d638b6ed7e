/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os'
import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, loadEnv, type Plugin } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { appManifest, PRECACHE_IGNORES } from './build/app-manifest.ts'
import { checkChunkImports } from './build/check-chunk-imports.ts'
import { demoOnlyChunks } from './build/demo-only-chunks.ts'
import { contentSecurityPolicy } from './build/content-security-policy.ts'
import { inlineStylesheet } from './build/inline-stylesheet.ts'
import { manifestLinkedByApp } from './build/manifest-link.ts'
import { minifyPublicScripts } from './build/minify-public-scripts.ts'
import { precompress } from './build/precompress.ts'
import { appPreloadHelper } from './build/preload-helper.ts'
import { routeChunkManifest } from './build/route-chunks.ts'
import {
  compileStartupChunksEagerly,
  preloadStartupChunks,
  startupChunkGroups,
} from './build/startup-chunks.ts'
import { devServerApi } from './server/dev/vite-plugin.ts'
import { WEB_MANIFEST_FILE } from './src/config/app.ts'
import { readTmdbConfig } from './src/shared/tmdb-config.ts'

/**
 * Connects to TMDB while the scripts download, so the first call and the first posters start
 * sooner. The API is fetched in CORS mode (an anonymous connection: crossorigin); <img>
 * requests use the credentialed pool (no crossorigin).
 */
function preconnectTmdb(apiUrl: string, imageUrl: string): Plugin {
  return {
    name: 'preconnect-tmdb',
    transformIndexHtml: () => [
      {
        tag: 'link',
        attrs: { rel: 'preconnect', href: new URL(apiUrl).origin, crossorigin: '' },
        injectTo: 'head',
      },
      {
        tag: 'link',
        attrs: { rel: 'preconnect', href: new URL(imageUrl).origin },
        injectTo: 'head',
      },
    ],
  }
}

export default defineConfig(({ mode }) => {
  // Read as the app reads it, so the build's policy and preconnects match its calls.
  const { apiUrl, imageUrl, demo } = readTmdbConfig(loadEnv(mode, process.cwd(), 'VITE_'))
  const demoOnly = demoOnlyChunks()
  return {
    // The router plugin must run before the React plugin (it rewrites route files).
    plugins: [
      tanstackRouter({ target: 'react' }),
      react(),
      tailwindcss(),
      appPreloadHelper(),
      // `npm run dev` only: the server's API behind the page, as under `npm start`.
      devServerApi(),
      // In demo mode the mock worker serves the images: no connection may leave the machine.
      ...(demo ? [] : [preconnectTmdb(apiUrl, imageUrl)]),
      preloadStartupChunks(),
      compileStartupChunksEagerly(),
      checkChunkImports(),
      // After it: lists only what the page does not load already.
      routeChunkManifest({ routesDirectory: new URL('./src/routes', import.meta.url).pathname }),
      inlineStylesheet(),
      // Last: it hashes the page's final inline styles.
      contentSecurityPolicy({ apiUrl, imageUrl }),
      demoOnly.plugin,
      minifyPublicScripts(['theme.js']),
      // The web app manifest and the service worker (sw/sw.ts): the app links the one and
      // registers the other itself once the page has loaded (src/features/pwa/).
      VitePWA({
        manifestFilename: WEB_MANIFEST_FILE,
        strategies: 'injectManifest',
        srcDir: 'sw',
        filename: 'sw.ts',
        registerType: 'prompt',
        injectRegister: false,
        manifest: appManifest,
        // The public/ files are in by the patterns below; the manifest's icons too.
        includeAssets: [],
        includeManifestIcons: false,
        injectManifest: {
          rollupFormat: 'iife',
          globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
          globIgnores: PRECACHE_IGNORES,
          manifestTransforms: [
            (entries) => ({
              manifest: entries.filter((entry) => !demoOnly.files.has(entry.url)),
              warnings: [],
            }),
          ],
        },
      }),
      manifestLinkedByApp(),
      precompress(),
    ],
    // Read by the service worker's build too: the API host whose answers it keeps.
    define: { __TMDB_API_ORIGIN__: JSON.stringify(new URL(apiUrl).origin) },
    resolve: {
      alias: [{ find: '@', replacement: new URL('./src', import.meta.url).pathname }],
    },
    server: { port: 5173 },
    preview: { port: 4173 },
    build: {
      outDir: process.env.BUILD_OUT_DIR ?? 'dist',
      // Browsers preload modules themselves (Safari since 17, which before that simply loads
      // them when the entry asks): the polyfill would be a kilobyte of the entry for none.
      modulePreload: { polyfill: false },
      rolldownOptions: {
        // The build is a few seconds; a per-plugin timing report on every build is noise.
        checks: { pluginTimings: false },
        output: {
          codeSplitting: {
            groups: [
              ...startupChunkGroups(process.cwd()),
              // The text boxes' draft hook, which different routes share, in one file: every
              // lazy file's name is listed in the landing page's script.
              { name: 'text-fields', test: /src[\\/]hooks[\\/]use-draft\.ts$/ },
              // With accounts on the server: the account API's client and the session's turns,
              // which the login and account pages, the session check and the lists' sync share.
              {
                name: 'account-session',
                test: /src[\\/](features[\\/]auth[\\/](api[\\/]client|account-messages)|lib[\\/]session[\\/](end-session|messages|session-hooks))\.ts$/,
              },
            ],
          },
        },
      },
    },
    test: {
      restoreMocks: true,
      testTimeout: 20_000,
      // A hook that opens an embedded database runs its initdb, which a busy machine slows most.
      hookTimeout: 60_000,
      // Vitest's default is a worker per core but one: on 2 cores, one. The server tests spend
      // much of their time waiting (child processes, PostgreSQL, sockets): with three, both cores
      // stay busy and the run takes about 40% less time.
      maxWorkers: Math.max(3, availableParallelism() - 1),
      projects: [
        {
          extends: true,
          test: {
            name: 'app',
            environment: 'jsdom',
            // One jsdom and one module graph per worker rather than per file: setting up jsdom,
            // MSW and the demo catalog took more than half of the run. tests/setup.ts resets
            // what a test can leave behind (storage, session, handlers, toasts).
            isolate: false,
            setupFiles: ['./tests/setup.ts'],
            include: ['tests/**/*.test.{ts,tsx}'],
            exclude: ['tests/browser/**', 'tests/server/**', 'tests/build/**', 'node_modules/**'],
          },
        },
        {
          // The production server (against a local fake TMDB) and the build's plugins, in Node.
          extends: true,
          test: {
            name: 'node',
            environment: 'node',
            include: ['tests/{server,build}/**/*.test.ts'],
            globalSetup: ['./tests/server/global-setup.ts'],
          },
        },
      ],
    },
  }
})
