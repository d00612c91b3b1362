import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { homeChunk } from './scripts/home-chunk.ts'
import { precompress } from './scripts/precompress.ts'

const src = fileURLToPath(new URL('./src', import.meta.url))
const web = (path: string) => `${src}/web/${path}`

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

/**
 * The installable app (docs/decisions/0045): the web app manifest, and the service worker of
 * src/web/service-worker, given the build's list of scripts, styles and the page to precache. The icons stay out of
 * it: an installer fetches them once.
 */
const installable = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'service-worker',
  filename: 'sw.ts',
  // The page registers it itself, after its first paint (app/service-worker.ts).
  injectRegister: false,
  manifest: {
    id: '/',
    name: 'Lumin',
    short_name: 'Lumin',
    description: 'Grow across seven dimensions of your life with short practices and Olo, your AI guide.',
    start_url: '/weekly-dashboard',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: '#0e0c1d',
    background_color: '#0e0c1d',
    categories: ['health', 'lifestyle'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  injectManifest: { globPatterns: ['**/*.{html,js,css,woff2}', 'favicon.svg'] },
})

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  resolve: { alias: { '~': src } },
  plugins: [react(), tailwindcss(), preloadTypeface('figtree-latin-wght-normal.woff2'), installable, precompress()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            homeChunk(
              web('main.tsx'),
              ['features/weekly/WeeklyDashboardScreen.tsx', 'features/journey/DashboardScreen.tsx'].map(web),
            ),
          ],
        },
      },
    },
  },
  server: { proxy: { '/api/': 'http://localhost:3001', '/dev/': 'http://localhost:3001' } },
})
