/**
 * npm run shots [folder]: every screen of the built app at 390 px (a phone) and 1,280 px (a desktop), as PNGs for a
 * person to look at (default folder: shots/). It builds nothing: run `npx vite build` first. Like the journeys, it
 * starts Lumin on a fresh PGlite of its own, on a free port, and signs up a member through the forms and the dev outbox.
 */
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { chromium, type Page } from '@playwright/test'
import { CHROMIUM_ARGS, findChromium, HOW_TO_GET_CHROMIUM } from './browser.mjs'

const VIEWPORTS = [
  { name: '390', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { name: '1280', viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
] as const

const PASSWORD = 'evening-light-on-the-lake'
/** Longer than the landing's intro captions (3 s, 5 s and 3 s) and the weekly home's wait before Olo's intro. */
const INTRO_MS = 12_000

const outDir = resolve(process.argv[2] ?? 'shots')

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer()
    probe.once('error', fail)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))))
    })
  })
}

async function startLumin(port: number, dataDir: string) {
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'development' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const url = `http://localhost:${port}`
  for (let tries = 0; tries < 240; tries++) {
    if (server.exitCode !== null) throw new Error(`Lumin exited with ${server.exitCode}`)
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { server, url }
    } catch {
      // not listening yet
    }
    await new Promise((wait) => setTimeout(wait, 250))
  }
  server.kill()
  throw new Error('Lumin did not start in a minute')
}

/** Walks through every screen as one new member would, calling `shoot` on each. */
async function walk(page: Page, url: string, shoot: (name: string) => Promise<void>) {
  const heading = () => page.getByRole('heading', { level: 1 }).first()
  async function open(path: string, name: string) {
    await page.goto(url + path)
    await heading().waitFor()
    await shoot(name)
  }

  await page.goto(url + '/')
  await shoot('landing')
  await page.clock.runFor(INTRO_MS)
  await page.getByRole('link', { name: 'Begin the Journey' }).waitFor()
  await shoot('landing-begin')
  await page.getByRole('link', { name: 'Begin the Journey' }).click()

  await heading().waitFor()
  await shoot('onboarding-1-welcome')
  const onward = page.getByRole('button', { name: 'Continue' })
  await onward.click()
  for (const dimension of [/Heart/, /Mind/, /Spirit/]) await page.getByRole('button', { name: dimension }).click()
  await shoot('onboarding-2-rank')
  await onward.click()
  await page.getByRole('radio', { name: /Peace/ }).click()
  await shoot('onboarding-3-focus')
  await onward.click()
  await shoot('onboarding-4-ready')
  await onward.click()

  await page.waitForURL(/\/auth\//)
  await heading().waitFor()
  await shoot('auth-sign-up')
  const email = `shots-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  // The newcomer's screen has no age box: continuing confirms it (docs/decisions/0056).
  await page.getByRole('button', { name: 'Continue with email' }).click()
  await page.getByRole('heading', { level: 1, name: 'Check your inbox' }).waitFor()
  await shoot('auth-check-your-inbox')

  let link: string | undefined
  for (let tries = 0; !link && tries < 40; tries++) {
    const outbox = (await (await page.request.get(`${url}/dev/outbox?format=json`)).json()) as { to: string; link: string }[]
    link = outbox.find((mail) => mail.to === email)?.link
    if (!link) await page.waitForTimeout(250)
  }
  if (!link) throw new Error('the confirmation mail never reached the dev outbox')
  await page.goto(`${url}/dev/outbox`)
  await shoot('dev-outbox')
  await page.goto(link)
  await heading().waitFor()
  await shoot('auth-verify')
  // Pressed in the browser that signed up, the confirmation signs the member in and opens their week.
  await page.getByRole('button', { name: 'Confirm my email' }).click()
  await page.waitForURL(/\/weekly-dashboard$/)
  await heading().waitFor()
  await shoot('weekly-home')
  await page.clock.runFor(INTRO_MS)
  await page.getByRole('link', { name: 'Start Weekly Recap' }).waitFor()
  await shoot('weekly-home-olo')
  await page.getByRole('button', { name: /menu/i }).click()
  await shoot('weekly-home-menu')
  await page.keyboard.press('Escape')

  await open('/dashboard', 'dashboard')
  await open('/explore', 'explore')
  await open('/assessment', 'assessment')
  await open('/first-quest', 'first-quest')
  await open('/threshold/next', 'threshold')
  for (const practice of ['meditation-timer', 'focus-exercise', 'movement-exercise', 'breathing-bubble', 'step-quest', 'sensory-safari', 'kindness-quest']) {
    await open(`/${practice}`, `practice-${practice}`)
  }
  await open('/recap-conversation', 'recap-chat')
  await open('/achievements-goals', 'goals')
  // The goal chat opens from a category, as a member reaches it.
  await page.getByRole('button', { name: 'Create New Goal with Olo' }).click()
  await shoot('goals-category')
  await page.getByRole('dialog', { name: 'Choose a Goal Category' }).getByRole('button', { name: /^Health & Fitness/ }).click()
  await page.waitForURL(/\/goal-chat\?category=/)
  await heading().waitFor()
  await shoot('goal-chat')
  await open('/settings', 'settings')
  await open('/calendar', 'calendar')
  await open('/safety', 'safety')
  await open('/grounding', 'grounding')
  for (const soon of ['journal', 'stats', 'community']) await open(`/${soon}`, `coming-soon-${soon}`)
  await page.goto(`${url}/no-such-screen`)
  await page.waitForURL(/\/weekly-dashboard$/)
  await heading().waitFor()
  await shoot('unknown-route-redirect')

  await page.request.post(`${url}/api/auth/sign-out`, { headers: { origin: url } })
  await open('/auth/login', 'auth-login')
  await open('/auth/forgot-password', 'auth-forgot-password')
  await open('/auth/reset-password', 'auth-reset-password')
}

async function main() {
  const executablePath = process.env.CHROME_PATH ?? (await findChromium())
  if (!executablePath) throw new Error(HOW_TO_GET_CHROMIUM)
  mkdirSync(outDir, { recursive: true })
  const dataDir = mkdtempSync(join(tmpdir(), 'lumin-shots-'))
  const { server, url } = await startLumin(await freePort(), dataDir)
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS })
  try {
    for (const { name: size, ...device } of VIEWPORTS) {
      const context = await browser.newContext({ ...device, deviceScaleFactor: 1 })
      const page = await context.newPage()
      await page.clock.install()
      let count = 0
      await walk(page, url, async (name) => {
        // Let entrance transitions settle and the typeface load, as a person would see the screen.
        await page.evaluate(() => document.fonts.ready)
        await page.waitForTimeout(600)
        const file = join(outDir, `${String(++count).padStart(2, '0')}-${name}-${size}.png`)
        await page.screenshot({ path: file, fullPage: true })
      })
      console.log(`${count} screens at ${size} px`)
      await context.close()
    }
    console.log(`Screenshots are in ${outDir}`)
  } finally {
    await browser.close()
    server.kill()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err)
  process.exit(1)
})
