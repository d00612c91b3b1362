import type { Locator, Page } from '@playwright/test'
import { EMAIL_CONFIRMED } from '../../src/core/auth'
import { INTRO_CAPTIONS } from '../../src/core/timings'
import { expect, expectNoAxeViolations, mailTo, onboard, PASSWORD, sessionUser, signUpByApi, test, uniqueEmail } from './fixtures'

/**
 * Issue 27 §1 on a phone: from the landing to a saved first check-in, and to the first practice's screen, with no tap
 * beyond the onboarding's, the form's and the mail's (docs/decisions/0056).
 */
const PHONE = { width: 390, height: 844 }
test.use({ viewport: PHONE })

/** At most this many taps from `/` to a saved first check-in, and to the screen of the first practice. */
const TAPS_TO_CHECK_IN = 13
const TAPS_TO_PRACTICE = 15

const INTRO_MS = INTRO_CAPTIONS.reduce((sum, caption) => sum + caption.ms, 0)

async function expectInFirstScreen(locator: Locator, height: number) {
  const box = await locator.boundingBox()
  expect(box).not.toBeNull()
  expect(box!.y).toBeGreaterThanOrEqual(0)
  expect(box!.y + box!.height).toBeLessThanOrEqual(height)
}

/** Counts each tap a person makes: a click, or opening the mailed link. Typing is not a tap. */
function tapCounter(page: Page) {
  let taps = 0
  return {
    tap: async (locator: Locator) => {
      taps++
      await locator.click()
    },
    openLink: async (link: string) => {
      taps++
      await page.goto(link)
    },
    get count() {
      return taps
    },
  }
}

test('from the landing to a saved first check-in in at most 13 taps, and inside the first practice in at most 15', async ({ page }, testInfo) => {
  await page.clock.install()
  const taps = tapCounter(page)
  await page.goto('/')
  // The intro plays once, on this first visit; nobody taps to watch it.
  await page.clock.runFor(INTRO_MS)
  const begin = page.getByRole('link', { name: 'Begin the Journey' })
  await expectInFirstScreen(begin, PHONE.height)
  await taps.tap(begin)

  // Onboarding: Heart ranked first (the Connection path), but Peace chosen: the Calm path is offered.
  const continueButton = page.getByRole('button', { name: 'Continue' })
  await taps.tap(continueButton)
  for (const dimension of [/Heart/, /Mind/, /Spirit/]) await taps.tap(page.getByRole('button', { name: dimension }))
  await taps.tap(continueButton)
  await taps.tap(page.getByRole('radio', { name: /Peace/ }))
  await taps.tap(continueButton)
  await taps.tap(continueButton)
  await expect(page).toHaveURL('/auth/heart?initialPath=calm')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create your account')
  await expect(page.getByText('Your Calm path is ready.', { exact: false })).toBeVisible()

  // The form: an email and a password typed once, one tap to send (continuing confirms the age here).
  const email = uniqueEmail('first-check-in')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await taps.tap(page.getByRole('button', { name: 'Continue with email' }))

  // "Check your inbox" is the screen now, with the address, and the way back to the form.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your inbox')
  await expect(page.getByText(`We sent a link to ${email}.`)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Use another email' })).toBeVisible()
  await expect(page.getByLabel('Password')).toHaveCount(0)
  await page.screenshot({ path: testInfo.outputPath('check-your-inbox.png') })
  // example.com suggests no mail app: no button guesses one.
  await expect(page.getByRole('link', { name: /Open your mail app/ })).toHaveCount(0)
  await expectNoAxeViolations(page)

  // The mail: its link, and the confirmation page's button, which signs the member in and lands them on their week.
  await taps.openLink((await mailTo(page, email)).link)
  await taps.tap(page.getByRole('button', { name: 'Confirm my email' }))
  await expect(page).toHaveURL('/weekly-dashboard')
  expect((await sessionUser(page))?.email).toBe(email)

  // The weekly home: the check-in and the first practice, both above the fold, and why the path is Calm.
  const today = page.getByRole('region', { name: 'Your first practice' })
  const start = today.getByRole('link', { name: 'Start Breathing Bubble' })
  await expect(today.getByText('Because you chose Peace')).toBeVisible()
  const checkIn = page.getByRole('region', { name: 'How are you feeling today?' })
  const good = checkIn.getByRole('group', { name: 'Moods' }).getByRole('button', { name: 'Good', exact: true })
  await page.screenshot({ path: testInfo.outputPath('weekly-home.png') })
  await expectInFirstScreen(start, PHONE.height)
  await expectInFirstScreen(good, PHONE.height)
  await expectNoAxeViolations(page)

  await taps.tap(good)
  // Saved means the server has it.
  await expect
    .poll(async () => ((await (await page.request.get('/api/check-ins?timeZone=UTC')).json()) as { checkIns: { mood: string }[] }).checkIns)
    .toMatchObject([{ mood: 'good' }])
  expect(taps.count).toBeLessThanOrEqual(TAPS_TO_CHECK_IN)

  await taps.tap(start)
  await expect(page.getByText('Preparing for Breathing Bubble')).toBeVisible()
  await taps.tap(page.getByRole('link', { name: 'Skip and continue to exercise' }))
  await expect(page).toHaveURL(/\/breathing-bubble\?practice=[0-9a-f-]{36}$/)
  expect(taps.count).toBeLessThanOrEqual(TAPS_TO_PRACTICE)
  await expect
    .poll(async () => (await (await page.request.get('/api/profile')).json()).profile)
    .toMatchObject({ selectedPath: 'calm', rankedDimensions: ['heart', 'mind', 'spirit'], selectedFocus: 'peace' })
})

test('a confirmation pressed in another browser confirms the address, says so, and asks to sign in, never "Welcome back"', async ({ page, browser }) => {
  const email = uniqueEmail('other-browser')
  await signUpByApi(page, email, '/auth/mind?verified=1')
  const { link } = await mailTo(page, email)
  // A browser that did not send the sign-up: the mail opened on another device.
  const elsewhere = await browser.newPage({ viewport: PHONE })
  try {
    await elsewhere.goto(link)
    await elsewhere.getByRole('button', { name: 'Confirm my email' }).click()
    await expect(elsewhere).toHaveURL('/auth/mind?verified=1')
    await expect(elsewhere.getByRole('heading', { level: 1 })).toHaveText(EMAIL_CONFIRMED)
    await expect(elsewhere.getByText('Welcome back')).toHaveCount(0)
    expect(await sessionUser(elsewhere)).toBeNull()
    await elsewhere.getByLabel('Email').fill(email)
    await elsewhere.getByLabel('Password').fill(PASSWORD)
    await elsewhere.getByRole('button', { name: 'Continue with email' }).click()
    await expect(elsewhere).toHaveURL('/weekly-dashboard')
  } finally {
    await elsewhere.close()
  }
})

test('the focus decides the path offered, and the other paths are one tap away before the first practice', async ({ page }) => {
  // Spirit first would give Calm; Clarity gives Mind.
  await onboard(page, [/Spirit/, /Body/, /Heart/], /Clarity/)
  await expect(page).toHaveURL('/auth/spirit?initialPath=mind')
  const email = uniqueEmail('focus-path')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Continue with email' }).click()
  await page.goto((await mailTo(page, email)).link)
  await page.getByRole('button', { name: 'Confirm my email' }).click()
  await expect(page).toHaveURL('/weekly-dashboard')

  const today = page.getByRole('region', { name: 'Your first practice' })
  await expect(today.getByText('Because you chose Clarity')).toBeVisible()
  await expect(today.getByRole('link', { name: 'Start Focus Steps' })).toBeVisible()
  const others = today.getByRole('list', { name: 'Or begin with another path' })
  await expect(others.getByRole('button')).toHaveText(['Energy', 'Calm', 'Connection'])
  await others.getByRole('button', { name: 'Connection' }).click()
  const start = today.getByRole('link', { name: 'Start Kindness Quest' })
  await expect(start).toBeFocused()
  // The path is the member's own choice now: no line says the focus chose it.
  await expect(today.getByText(/^Because you chose/)).toHaveCount(0)
  await expect(others.getByRole('button')).toHaveText(['Mind', 'Energy', 'Calm'])
})

test('the intro plays on the first visit only: a returning visitor, and the sign-up screen’s Back, find Begin the Journey at once, inside the first screen', async ({ page }) => {
  await page.clock.install()
  await page.goto('/')
  await expect(page.locator('[aria-live="polite"]')).toContainText('This is you')
  await expect(page.getByRole('link', { name: 'Begin the Journey' })).toHaveCount(0)

  // Back on /: no intro, no clock to wait on.
  await page.reload()
  const begin = page.getByRole('link', { name: 'Begin the Journey' })
  await expect(begin).toBeVisible()
  await expect(page.getByRole('button', { name: 'Skip intro' })).toHaveCount(0)
  await expectInFirstScreen(begin, PHONE.height)

  await onboard(page, [/Mind/, /Body/, /Heart/], /Clarity/)
  await page.getByRole('link', { name: '← Back' }).click()
  await expect(page).toHaveURL('/')
  await expect(begin).toBeVisible()

  await page.setViewportSize({ width: 1280, height: 800 })
  await expectInFirstScreen(begin, 800)
  await expectNoAxeViolations(page)
})
