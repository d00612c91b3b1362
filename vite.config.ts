import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { precompress } from './scripts/precompress.ts'

const src = fileURLToPath(new URL('./src', import.meta.url))

/**
 * Preloads the typeface's file (styles.css) from index.html, so it loads beside the app's code rather than once the
 * first text is laid out, and the first screen usually shows in it without a swap.
 */
function preloadTypeface(file: string): Plugin {
  return {
    name: 'preload-typeface',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const asset = Object.values(bundle ?? {}).find((output) => output.type === 'asset' && output.originalFileNames.some((name) => name.endsWith(file)))
        if (!asset) return []
        return [{ tag: 'link', attrs: { rel: 'preload', href: `/${asset.fileName}`, as: 'font', type: 'font/woff2', crossorigin: '' }, injectTo: 'head' }]
      },
    },
  }
}

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  resolve: { alias: { '~': src } },
  plugins: [react(), tailwindcss(), preloadTypeface('figtree-latin-wght-normal.woff2'), precompress()],
  build: { outDir: '../../dist/web', emptyOutDir: true, sourcemap: false },
  server: { proxy: { '/api/': 'http://localhost:3001', '/dev/': 'http://localhost:3001' } },
})
