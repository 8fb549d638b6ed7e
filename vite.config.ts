/// <reference types="vitest/config" />
import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, loadEnv, type Plugin } from 'vite'
import { contentSecurityPolicy } from './build/content-security-policy.ts'
import { inlineStylesheet } from './build/inline-stylesheet.ts'
import { precompress } from './build/precompress.ts'
import { routeChunkManifest } from './build/route-chunks.ts'
import {
  compileStartupChunksEagerly,
  preloadStartupChunks,
  startupChunkGroups,
} from './build/startup-chunks.ts'

const DEFAULT_API_URL = 'https://api.themoviedb.org'
const DEFAULT_IMAGE_URL = 'https://image.tmdb.org/t/p'

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
  const env = loadEnv(mode, process.cwd(), 'VITE_')
  const {
    VITE_TMDB_API_URL = '',
    VITE_TMDB_IMAGE_URL = '',
    VITE_TMDB_TOKEN = '',
    VITE_TMDB_API_KEY = '',
  } = env
  const apiUrl = VITE_TMDB_API_URL.trim() || DEFAULT_API_URL
  const imageUrl = VITE_TMDB_IMAGE_URL.trim() || DEFAULT_IMAGE_URL
  // In demo mode the mock worker serves the images: no connection may leave the machine.
  const demo = !VITE_TMDB_TOKEN.trim() && !VITE_TMDB_API_KEY.trim()
  return {
    // The router plugin must run before the React plugin (it rewrites route files).
    plugins: [
      tanstackRouter({ target: 'react' }),
      react(),
      tailwindcss(),
      ...(demo ? [] : [preconnectTmdb(apiUrl, imageUrl)]),
      preloadStartupChunks(),
      compileStartupChunksEagerly(),
      // After it: lists only what the page does not load already.
      routeChunkManifest({ routesDirectory: new URL('./src/routes', import.meta.url).pathname }),
      inlineStylesheet(),
      // Last: it hashes the page's final inline styles.
      contentSecurityPolicy({ apiUrl, imageUrl }),
      precompress(),
    ],
    resolve: { alias: { '@': new URL('./src', import.meta.url).pathname } },
    server: { port: 5173 },
    preview: { port: 4173 },
    build: {
      outDir: process.env.BUILD_OUT_DIR ?? 'dist',
      rolldownOptions: {
        // The build is a few seconds; a per-plugin timing report on every build is noise.
        checks: { pluginTimings: false },
        output: {
          codeSplitting: { groups: startupChunkGroups(process.cwd()) },
        },
      },
    },
    test: {
      restoreMocks: true,
      testTimeout: 20_000,
      projects: [
        {
          extends: true,
          test: {
            name: 'app',
            environment: 'jsdom',
            setupFiles: ['./tests/setup.ts'],
            include: ['tests/**/*.test.{ts,tsx}'],
            exclude: ['tests/browser/**', 'tests/server/**', 'node_modules/**'],
          },
        },
        {
          // The production server, in Node, against a local fake TMDB.
          extends: true,
          test: { name: 'server', environment: 'node', include: ['tests/server/**/*.test.ts'] },
        },
      ],
    },
  }
})
