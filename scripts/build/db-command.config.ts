/**
 * Builds `pnpm db:migrate` and `pnpm db:seed` into `.output/server/db.mjs`, so a deployment runs
 * them from the built output alone: `node .output/server/db.mjs migrate`. PGlite stays outside the
 * bundle: it loads its WASM files from beside its code, in the server's own node_modules.
 */
import { defineConfig } from 'vite'

export default defineConfig({
  resolve: { tsconfigPaths: true },
  ssr: { noExternal: true, external: ['@electric-sql/pglite'] },
  build: {
    ssr: 'scripts/db.ts',
    outDir: '.output/server',
    emptyOutDir: false,
    target: 'node22',
    rolldownOptions: { output: { entryFileNames: 'db.mjs' } },
  },
})
