import { defineConfig, devices } from '@playwright/test'
import { CHROMIUM_ARGS, findChromium } from './scripts/browser.mjs'

const PORT = 3199
const executablePath = process.env.CHROME_PATH ?? (await findChromium()) ?? undefined

/** Journeys run against the built app (npm test builds it first) on a fresh PGlite, like `npm start` does. */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  reporter: [['list'], ['json', { outputFile: '.test-reports/playwright.json' }]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    // axe-core is injected as a script tag; the app's own CSP stays on for the app.
    bypassCSP: true,
    trace: 'retain-on-failure',
    ...devices['Pixel 7'],
    launchOptions: { executablePath, args: CHROMIUM_ARGS },
  },
  webServer: {
    command: `rm -rf .data-e2e && node --import tsx src/server/index.ts`,
    url: `http://localhost:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { PORT: String(PORT), DATA_DIR: '.data-e2e', TRUSTED_IP_HEADER: 'x-real-ip', LOG_LEVEL: 'warn' },
  },
})
