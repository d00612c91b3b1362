import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { test as base, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { AGE_CONFIRMATION } from '../../src/core/auth'
import type { HistoryDay } from '../support/factories'

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
let clientCounter = 0

export const PASSWORD = 'evening-light-on-the-lake'

/** The console errors a test expects, each with why; any other fails it. */
export interface ConsoleErrors {
  allow(pattern: RegExp, reason: string): void
}

/**
 * The browser's own line for an API request that answered 4xx or 5xx: the screens handle those answers, and the tests
 * that cause them check what the screen shows. A script, style or font that fails to load is still an error.
 */
const apiAnswerLine = /^Failed to load resource: the server responded with a status of \d{3}/

export const test = base.extend<{ clientIp: string; consoleErrors: ConsoleErrors }>({
  // Each test is its own client address, so the sign-in rate limit counts per test as it would per person.
  clientIp: async ({}, use, testInfo) => {
    await use(`10.${testInfo.workerIndex + 1}.${Math.floor(++clientCounter / 250)}.${clientCounter % 250}`)
  },
  context: async ({ context, clientIp }, use) => {
    await context.setExtraHTTPHeaders({ 'x-real-ip': clientIp })
    await use(context)
    // Closing waits for route handlers still running, and a handler's route.fetch() for a page that is navigating away
    // can then never finish: teardown hung on such a fetch. The test is over, so their answers no longer matter.
    await context.unrouteAll({ behavior: 'ignoreErrors' })
    for (const page of context.pages()) await page.unrouteAll({ behavior: 'ignoreErrors' })
  },
  // An unexpected console.error or uncaught exception in the page fails the test (docs/decisions/0025).
  consoleErrors: [
    async ({ page }, use, testInfo) => {
      const allowed: RegExp[] = []
      const unexpected: string[] = []
      const keep = (text: string) => {
        if (!allowed.some((pattern) => pattern.test(text))) unexpected.push(text)
      }
      page.on('console', (message) => {
        if (message.type() !== 'error') return
        const { url, lineNumber } = message.location()
        if (apiAnswerLine.test(message.text()) && new URL(url, 'http://localhost').pathname.startsWith('/api/')) return
        keep(`${message.text()} (${url}:${lineNumber})`)
      })
      page.on('pageerror', (error) => keep(`uncaught: ${error.message}`))
      await use({
        allow(pattern, reason) {
          allowed.push(pattern)
          testInfo.annotations.push({ type: 'console error allowed', description: `${pattern}: ${reason}` })
        },
      })
      expect(unexpected, 'console errors in the page').toEqual([])
    },
    { auto: true },
  ],
})
export { expect }

export function uniqueEmail(label: string) {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`
}

/** The newest mail in the dev outbox addressed to `to`. */
export async function mailTo(page: Page, to: string) {
  let found: { subject: string; link: string } | undefined
  await expect
    .poll(async () => {
      const outbox = (await (await page.request.get('/dev/outbox?format=json')).json()) as { to: string; subject: string; link: string }[]
      found = outbox.find((m) => m.to === to)
      return Boolean(found)
    })
    .toBe(true)
  return found!
}

/**
 * Walks onboarding from its first screen: the three dimensions in `ranking` order (the first decides the path), one
 * focus, and on to the sign-in screen.
 */
export async function onboard(page: Page, ranking: [RegExp, RegExp, RegExp], focus: RegExp) {
  await page.goto('/onboarding')
  const continueButton = page.getByRole('button', { name: 'Continue' })
  await continueButton.click()
  for (const dimension of ranking) await page.getByRole('button', { name: dimension }).click()
  await continueButton.click()
  await page.getByRole('radio', { name: focus }).click()
  await continueButton.click()
  await continueButton.click()
}

/**
 * Makes an account through the sign-in screen as a newcomer does: the form (with the age box ticked where the screen
 * has one: the newcomer's screen asks none, docs/decisions/0056), "Check your inbox", the mailed link and its
 * confirmation button, which signs the member in, in this browser, and leads to the weekly home.
 */
export async function signUpByForm(page: Page, label: string) {
  const email = uniqueEmail(label)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  const ageBox = page.getByRole('checkbox', { name: AGE_CONFIRMATION.label })
  if (await ageBox.count()) await ageBox.check()
  await page.getByRole('button', { name: 'Continue with email' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your inbox')

  await page.goto((await mailTo(page, email)).link)
  await page.getByRole('button', { name: 'Confirm my email' }).click()
  return email
}

/** Signs up through the API, the age confirmed, as the form does once its box is ticked; the address is not confirmed yet. */
export async function signUpByApi(page: Page, email: string, callbackURL?: string) {
  const response = await page.request.post('/api/auth/sign-up/email', { data: { email, password: PASSWORD, callbackURL, [AGE_CONFIRMATION.field]: true } })
  expect(response.ok()).toBe(true)
}

/**
 * A member made by the journeys' server's factory (`POST /test/members`, tests/support/e2e-server.ts): confirmed, with
 * PASSWORD, and, when `signIn`, signed in on `request` (a page's request shares its browser's cookies). No mail: only
 * the journeys about signing up go through the form and the outbox (docs/decisions/0029). `history` writes the member's
 * past days at once (createHistory in tests/support/factories.ts).
 */
export async function createMember(request: APIRequestContext, { label = 'user', signIn = true, history }: { label?: string; signIn?: boolean; history?: { timeZone: string; days: readonly HistoryDay[] } } = {}) {
  const email = uniqueEmail(label)
  const response = await request.post('/test/members', { data: { email, password: PASSWORD, signIn, history } })
  expect(response.status(), await response.text()).toBe(201)
  return email
}

/** Creates a user whose address is confirmed; the page stays signed out. */
export async function createConfirmedUser(page: Page, label = 'user') {
  return createMember(page.request, { label, signIn: false })
}

/** Creates a confirmed user and signs this page's context in. */
export async function signInAsNewUser(page: Page, label = 'user') {
  return createMember(page.request, { label })
}

/** Runs axe-core on the page as it is now; any violation fails the test with its rule and targets. */
/** Who the browser's session is signed in as, from `GET /api/session`: the user, or null for nobody. */
export async function sessionUser(page: Page) {
  const response = await page.request.get('/api/session')
  expect(response.status()).toBe(200)
  return ((await response.json()) as { user: { id: string; email: string } | null }).user
}

export async function expectNoAxeViolations(page: Page) {
  // Evaluated through the browser's debugging protocol, which the app's content-security policy doesn't govern.
  await page.evaluate(axeSource)
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run: () => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }).axe.run()
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  })
  expect(violations).toEqual([])
}

/** The chat's list of messages, where Olo's replies and the user's messages show. */
export function conversation(page: Page) {
  return page.getByRole('list', { name: 'Conversation with Olo' })
}

/** The chat's message box. */
export function chatInput(page: Page) {
  return page.getByRole('textbox', { name: 'Your message to Olo' })
}

/** Olo's messages in the chat, as the list names them. */
export function oloMessages(page: Page) {
  return conversation(page).getByRole('listitem').filter({ hasText: /^Olo: / })
}

/** Sends a chat message once Olo has had its say (on a paused clock), and waits for Olo's reply to land. */
export async function tell(page: Page, text: string) {
  await page.clock.runFor(READ_TIME)
  await expect(chatInput(page)).toBeEnabled()
  const replies = await oloMessages(page).count()
  await chatInput(page).fill(text)
  await chatInput(page).press('Enter')
  await expect(page.getByText(text, { exact: true })).toBeVisible()
  await expect(oloMessages(page)).toHaveCount(replies + 1)
}

/** How far a timing check stands from the moment it probes, in ms: wider than the clock steps of stepUntilVisible. */
export const MARGIN = 100
/** The step, in ms, by which stepUntilVisible moves a paused clock. */
export const CLOCK_STEP = 20

/**
 * Moves a paused clock on in small steps until `locator` shows. The app's data arrives through timers too (TanStack
 * Query batches with setTimeout), so this is how a paused page gets going; when it returns, whatever appeared with
 * `locator` has been on screen for at most a couple of steps.
 */
export async function stepUntilVisible(page: Page, locator: Locator) {
  await expect
    .poll(
      async () => {
        await page.clock.runFor(CLOCK_STEP)
        return locator.isVisible()
      },
      { timeout: 20_000, intervals: [50] },
    )
    .toBe(true)
}

/**
 * axe-core yields to the event loop between its rules with setTimeout(0), which a paused clock never fires. This moves
 * the clock on a millisecond at a time while axe runs, and checks it took only a few, far inside the timing checks'
 * margins.
 */
export async function expectNoAxeViolationsWhilePaused(page: Page) {
  let finished = false
  const check = expectNoAxeViolations(page).finally(() => (finished = true))
  const before = await page.evaluate(() => Date.now())
  while (!finished) await page.clock.runFor(1)
  await check
  expect((await page.evaluate(() => Date.now())) - before).toBeLessThan(MARGIN / 4)
}

/**
 * Olo's voice as the member left it on this device ('on' or 'off'), before the app loads. Without a choice, audio is on
 * only where the server has a voice; this browser has no voice of its own, so a line with audio on gets its reading time.
 */
export async function chooseAudio(page: Page, choice: 'on' | 'off') {
  await page.addInitScript((value) => localStorage.setItem('lumin.audio', value), choice)
}

/** The line every chat's header keeps, saying what Olo is. */
export const AI_GUIDE_LINE = 'Olo is an AI guide, not a human and not a therapist.'

/** Longer than any of Olo's reading holds (50 ms a character, the crisis reply included) plus the voice check. */
export const READ_TIME = 40_000

/**
 * Keeps the text of every console warning the page logs (the "only logged" failures of docs/product.md#errors are
 * warnings).
 */
export function collectWarnings(page: Page) {
  const warnings: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text())
  })
  return warnings
}

/**
 * The focused element draws a focus ring: an outline of its own, or of the frame around it (a radio's card, the chat
 * box), shown because the keyboard put it there (:focus-visible).
 */
export async function expectFocusVisible(page: Page) {
  const problem = await page.evaluate(() => {
    const active = document.activeElement
    if (!(active instanceof HTMLElement) || active === document.body) return 'nothing has the focus'
    const name = `${active.tagName.toLowerCase()} “${(active.getAttribute('aria-label') ?? active.textContent ?? '').trim().slice(0, 40)}”`
    if (!active.matches(':focus-visible')) return `${name} has the focus without :focus-visible`
    const box = active.getBoundingClientRect()
    if (box.width === 0 || box.height === 0) return `${name} has the focus but no size`
    let frame: HTMLElement | null = active
    for (let level = 0; frame && level < 4; level++, frame = frame.parentElement) {
      const style = getComputedStyle(frame)
      if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 && style.outlineColor !== 'rgba(0, 0, 0, 0)') return null
    }
    return `${name} has the focus with no visible focus ring`
  })
  expect(problem).toBeNull()
}

/**
 * Moves the focus with Tab (or Shift+Tab, when `target` comes before the focus) until `target` has it, checking the
 * focus ring at every stop on the way.
 */
export async function tabTo(page: Page, target: Locator) {
  await expect(target).toBeVisible()
  for (let presses = 0; presses < 40; presses++) {
    const where = await target.evaluate((element) => {
      const active = document.activeElement
      if (element === active) return 'here'
      if (!active || active === document.body) return 'after'
      return active.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING ? 'after' : 'before'
    })
    if (where === 'here') return
    await page.keyboard.press(where === 'after' ? 'Tab' : 'Shift+Tab')
    await expectFocusVisible(page)
  }
  throw new Error(`Tab never reached ${target.toString()}`)
}

/** Waits until the service worker runs this page, so what the page loads next goes through it. */
export async function controlledByServiceWorker(page: Page) {
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready
    return navigator.serviceWorker.controller !== null
  })
}

/**
 * Opens `path` as the installed app has it: once for the service worker to take the page, then again through it, so the
 * answers it keeps for offline use are there.
 */
export async function openAsInstalled(page: Page, path: string) {
  await page.goto(path)
  await controlledByServiceWorker(page)
  await page.reload()
}
