/**
 * The benchmark's bare comparator: a TanStack Start app on Folio's own versions (its
 * node_modules), production build with nitro, and nothing else: no middleware, no root data, no
 * i18n, no query client. Built by `pnpm bench` into bench/bare/.output.
 */
import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import viteReact from '@vitejs/plugin-react'
import { nitro } from 'nitro/vite'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [tanstackStart({ srcDirectory: 'src' }), viteReact(), nitro()],
})
