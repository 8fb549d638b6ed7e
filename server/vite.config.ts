import { defineConfig } from 'vite'
import { bundleMigrations } from './db/bundle-migrations.ts'

/** The server, its database worker and `npm run db:backup`, with migrations, in dist-server/. */
export default defineConfig({
  root: new URL('..', import.meta.url).pathname,
  // The server reads its settings at run time: nothing from .env is built in.
  envPrefix: 'SERVER_BUILD_',
  logLevel: 'warn',
  publicDir: false,
  plugins: [bundleMigrations(new URL('db/migrations', import.meta.url).pathname)],
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
      // Flat: migrate.ts finds migrations/, and pglite-client.ts the worker, beside its own chunk.
      output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
    },
  },
})
