import { defineConfig } from 'vite'

/**
 * Compiles the production server (server/main.ts) for Node into dist-server/. Its packages
 * stay in node_modules; the demo catalog and its handlers are bundled, in a chunk loaded only
 * when no TMDB credential is set.
 */
export default defineConfig({
  root: new URL('..', import.meta.url).pathname,
  // The server reads its settings at run time; nothing from .env is built in.
  envPrefix: 'SERVER_BUILD_',
  logLevel: 'warn',
  // public/ is the app's, copied into dist/ by the app's build.
  publicDir: false,
  // The server shares plain modules with the app (the landing page's request, the CSP).
  resolve: { alias: { '@': new URL('../src', import.meta.url).pathname } },
  build: {
    ssr: 'server/main.ts',
    outDir: 'dist-server',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: true,
    rolldownOptions: { output: { format: 'es', entryFileNames: '[name].js' } },
  },
})
