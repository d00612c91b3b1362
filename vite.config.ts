import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { precompress } from './scripts/precompress.ts'

const src = fileURLToPath(new URL('./src', import.meta.url))

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  resolve: { alias: { '~': src } },
  plugins: [react(), tailwindcss(), precompress()],
  build: { outDir: '../../dist/web', emptyOutDir: true, sourcemap: false },
  server: { proxy: { '/api/': 'http://localhost:3001', '/dev/': 'http://localhost:3001' } },
})
