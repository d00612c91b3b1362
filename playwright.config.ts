import { defineConfig, devices } from '@playwright/test'
import { CHROMIUM_ARGS, findChromium } from './scripts/browser.mjs'

import { E2E_PORTS } from './tests/e2e/ports'

const { app: PORT, providers: PROVIDERS_PORT, fakeModel: FAKE_MODEL_PORT, fakeVoice: FAKE_VOICE_PORT, spentVoice: SPENT_VOICE_PORT } = E2E_PORTS
const executablePath = process.env.CHROME_PATH ?? (await findChromium()) ?? undefined
const server = { reuseExistingServer: false, timeout: 120_000 }
const withProviders = {
  TRUSTED_IP_HEADER: 'x-real-ip',
  LOG_LEVEL: 'warn',
  OLO_LLM_PROVIDER: 'openai-compatible',
  OLO_LLM_BASE_URL: `http://127.0.0.1:${FAKE_MODEL_PORT}/v1`,
  OLO_LLM_MODEL: 'fake-olo',
  OLO_LLM_TIMEOUT_MS: '5000',
  TTS_PROVIDER: 'elevenlabs',
  TTS_BASE_URL: `http://127.0.0.1:${FAKE_VOICE_PORT}`,
  TTS_API_KEY: 'e2e-voice-key',
}

/**
 * Journeys run against the built app (npm test builds it first) on a fresh PGlite, like `npm start` does, started by
 * tests/support/e2e-server.ts: Lumin's own start-up with the member factory in front (docs/decisions/0029).
 */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  // A test that passes only on a second try is failing (docs/decisions/0025); a forgotten test.only would hide the rest.
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  reporter: [['list'], ['json', { outputFile: '.test-reports/playwright.json' }]],
  use: {
    trace: 'retain-on-failure',
    ...devices['Pixel 7'],
    // The service worker answers some requests itself, out of reach of page.route: the journeys of the installed app
    // (installable.spec.ts and the offline ones) allow it with test.use({ serviceWorkers: 'allow' }).
    serviceWorkers: 'block',
    launchOptions: { executablePath, args: CHROMIUM_ARGS },
  },
  projects: [
    { name: 'offline', testIgnore: /\.providers\.spec\.ts$/, use: { baseURL: `http://localhost:${PORT}` } },
    {
      name: 'providers',
      testMatch: /\.providers\.spec\.ts$/,
      use: {
        baseURL: `http://localhost:${PROVIDERS_PORT}`,
        // Olo's first line plays as the page opens; a person has clicked their way there, a test has not.
        launchOptions: { executablePath, args: [...CHROMIUM_ARGS, '--autoplay-policy=no-user-gesture-required'] },
      },
    },
  ],
  webServer: [
    {
      ...server,
      command: `rm -rf .data-e2e && node --import tsx tests/support/e2e-server.ts`,
      url: `http://localhost:${PORT}/api/health`,
      env: { PORT: String(PORT), DATA_DIR: '.data-e2e', TRUSTED_IP_HEADER: 'x-real-ip', LOG_LEVEL: 'warn' },
    },
    {
      ...server,
      command: 'node --import tsx tests/support/fake-providers.ts',
      url: `http://127.0.0.1:${FAKE_MODEL_PORT}/health`,
      env: { FAKE_MODEL_PORT: String(FAKE_MODEL_PORT), FAKE_VOICE_PORT: String(FAKE_VOICE_PORT) },
    },
    {
      ...server,
      command: `rm -rf .data-e2e-providers && node --import tsx tests/support/e2e-server.ts`,
      url: `http://localhost:${PROVIDERS_PORT}/api/health`,
      env: { ...withProviders, PORT: String(PROVIDERS_PORT), DATA_DIR: '.data-e2e-providers' },
    },
    {
      ...server,
      command: `rm -rf .data-e2e-spent-voice && node --import tsx tests/support/e2e-server.ts`,
      url: `http://localhost:${SPENT_VOICE_PORT}/api/health`,
      // The recap's opening (about 185 characters with the member's name) fits; the day's budget is spent by the first reply after it.
      env: { ...withProviders, PORT: String(SPENT_VOICE_PORT), DATA_DIR: '.data-e2e-spent-voice', TTS_DAILY_CHAR_BUDGET: '200' },
    },
  ],
})
