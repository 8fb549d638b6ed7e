import { defineConfig } from 'vite'
import { bundleMigrations } from './db/bundle-migrations.ts'

/**
 * Compiles the production server (server/main.ts), the embedded database's worker thread
 * (server/db/pglite-worker.ts) and `npm run db:backup` (server/db/backup-main.ts) for Node into
 * dist-server/, with the database's migrations. Its packages stay in node_modules; the demo
 * catalog and its answers are bundled, in a chunk loaded only when no TMDB credential is set.
 */
export default defineConfig({
  root: new URL('..', import.meta.url).pathname,
  // The server reads its settings at run time; nothing from .env is built in.
  envPrefix: 'SERVER_BUILD_',
  logLevel: 'warn',
  // public/ is the app's, copied into dist/ by the app's build.
  publicDir: false,
  plugins: [bundleMigrations(new URL('db/migrations', import.meta.url).pathname)],
  // The server imports src/shared/ and the server-rendering entry, src/ssr/entry-server.tsx.
  resolve: { alias: { '@': new URL('../src', import.meta.url).pathname } },
  build: {
    ssr: true,
    outDir: 'dist-server',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: true,
    rolldownOptions: {
      input: {
        main: 'server/main.ts',
        'db-backup': 'server/db/backup-main.ts',
        'pglite-worker': 'server/db/pglite-worker.ts',
      },
      // Chunks beside the entries: migrate.ts finds migrations/ next to the file it is in, and
      // pglite-client.ts the worker.
      output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
    },
  },
})
