import type { Locator, Page } from '@playwright/test'
import { OLO_INTRO_LINES } from '../../src/core/timings'
import { conversation, expect, expectNoAxeViolations, onboard, signInAsNewUser, signUpByForm, test } from './fixtures'

const PHONE = { width: 390, height: 844 }
test.use({ viewport: PHONE })

const today = (page: Page) => page.getByRole('region', { name: /^(Today|Your first practice)$/ })

/** Wholly inside the first screenful of a 390 × 844 phone, without scrolling. */
async function expectAboveTheFold(locator: Locator) {
  const box = await locator.boundingBox()
  expect(box).not.toBeNull()
  expect(box!.y).toBeGreaterThanOrEqual(0)
  expect(box!.y + box!.height).toBeLessThanOrEqual(PHONE.height)
}

/** Completes exercise `number` of the member's path through the API, as its exercise screen does. */
async function completePractice(page: Page, number: number, log: Record<string, unknown> = {}) {
  const started = await page.request.post('/api/practices', { data: { exercise: number } })
  expect(started.status()).toBe(201)
  const { practice } = (await started.json()) as { practice: { id: string } }
  expect((await page.request.post(`/api/practices/${practice.id}/complete`, { data: log })).ok()).toBe(true)
}

test('onboarding first: "Create your account", then "Your first practice" of the path on the weekly home, one tap from its threshold', async ({ page }) => {
  await onboard(page, [/Heart/, /Mind/, /Spirit/], /Connection/)

  await expect(page).toHaveURL('/auth/heart')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create your account')
  await expect(page.getByText('Your Connection path is ready.', { exact: false })).toBeVisible()
  // The sign-in screen is all there (docs/product.md#sign-in): Google, email and password, and the way back.
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Continue with email' })).toBeVisible()
  await expect(page.getByRole('link', { name: '← Back' })).toBeVisible()
  await expectNoAxeViolations(page)

  // The confirmation, pressed in this browser, signs the newcomer in and brings them to their week (docs/decisions/0056).
  await signUpByForm(page, 'today-first')

  await expect(page).toHaveURL('/weekly-dashboard')
  const card = today(page)
  await expect(card.getByRole('heading', { level: 2 })).toHaveText('Your first practice')
  await expect(card).toContainText('Kindness Quest')
  await expect(card).toContainText('A few minutes')
  await expect(card).toContainText('Step 1 of 3 · Connection path')
  await expect(card).toContainText('Choose one small act of kindness for someone today, do it, and write down what you did.')
  const start = card.getByRole('link', { name: 'Start Kindness Quest' })
  await expectAboveTheFold(start)
  // Olo's intro keeps its own timings, below the card.
  const intro = page.getByText(OLO_INTRO_LINES[0].text, { exact: true })
  await expect(intro).toBeVisible()
  expect((await intro.boundingBox())!.y).toBeGreaterThan((await start.boundingBox())!.y)
  await expectNoAxeViolations(page)

  await start.click()
  await expect(page).toHaveURL(/\/threshold\/1(\?practice=[\w-]+)?$/)
  await expect(page.getByText('Preparing for Kindness Quest')).toBeVisible()
})

test('without a path the card offers the four paths; choosing one readies its first practice, and the keyboard goes on to it', async ({ page }) => {
  await signInAsNewUser(page, 'today-choose')
  await page.goto('/weekly-dashboard')
  const card = today(page)
  await expect(card.getByRole('heading', { level: 2 })).toHaveText('Today')
  await expect(card).toContainText('Choose your path')
  const paths = card.getByRole('list', { name: 'Paths' }).getByRole('button')
  await expect(paths).toHaveText([/^Mind/, /^Energy/, /^Calm/, /^Connection/])
  await expectAboveTheFold(paths.first())
  await expect(card.getByRole('link', { name: "See each path's practices" })).toHaveAttribute('href', '/explore')
  await expectNoAxeViolations(page)

  await card.getByRole('button', { name: /^Calm/ }).focus()
  await page.keyboard.press('Enter')
  await expect(card.getByRole('heading', { level: 2 })).toHaveText('Your first practice')
  await expect(card).toContainText('Breathing Bubble')
  await expect(card).toContainText('1 min')
  const start = card.getByRole('link', { name: 'Start Breathing Bubble' })
  await expect(start).toBeFocused()
  await expectAboveTheFold(start)
  await expectNoAxeViolations(page)

  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/threshold\/1(\?practice=[\w-]+)?$/)
  await expect(page.getByText('Preparing for Breathing Bubble')).toBeVisible()
})

test('partway along the path the card says Today with the next practice; with the path walked, it offers Explore', async ({ page }) => {
  await signInAsNewUser(page, 'today-along')
  expect((await page.request.put('/api/journey/path', { data: { path: 'calm' } })).ok()).toBe(true)
  await completePractice(page, 1)
  await page.goto('/weekly-dashboard')

  const card = today(page)
  await expect(card.getByRole('heading', { level: 2 })).toHaveText('Today')
  await expect(card).toContainText('Quiet Sit')
  await expect(card).toContainText('5 min')
  await expect(card).toContainText('Step 2 of 3 · Calm path')
  // The dashboard's 'Continue Your Path' and the card go to the same threshold.
  await expect(card.getByRole('link', { name: 'Start Quiet Sit' })).toHaveAttribute('href', '/threshold/2')
  await page.goto('/dashboard')
  await expect(page.getByRole('link', { name: 'Continue Your Path' })).toHaveAttribute('href', '/threshold/2')

  await completePractice(page, 2)
  await completePractice(page, 3, { observation: 'A blackbird on the fence' })
  await page.goto('/weekly-dashboard')
  await expect(card).toContainText('Your Calm path is complete')
  await expect(card.getByRole('link', { name: /Start/ })).toHaveCount(0)
  await expectNoAxeViolations(page)
  await card.getByRole('link', { name: 'Explore Other Paths' }).click()
  await expect(page).toHaveURL('/explore')
})

test('the sign-in screen says Welcome back to someone who did not just onboard', async ({ page }) => {
  await page.goto('/auth/heart')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome back')
  await expect(page.getByText('Sign in to go on with your Connection path, or create your account with the same form.')).toBeVisible()
  await expectNoAxeViolations(page)
})

test('a member sets the name Olo and the weekly home use in Settings; a bad name is refused with a reason', async ({ page }) => {
  const email = await signInAsNewUser(page, 'today-name')
  const localPart = email.split('@')[0]!
  await page.goto('/weekly-dashboard')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Good to see you, ${localPart}`)

  await page.goto('/settings')
  const name = page.getByRole('textbox', { name: 'What should Olo call you?' })
  await expect(name).toHaveValue(localPart)
  await expect(name).toHaveAccessibleDescription(/Until you choose one, it is the first part of your email address/)

  await name.fill('   ')
  await page.getByRole('button', { name: 'Save name' }).click()
  await expect(page.getByRole('alert')).toHaveText('Please enter the name you would like Olo to use.')
  await expect(name).toHaveAttribute('aria-invalid', 'true')
  await expect(name).toBeFocused()
  await expect(name).toHaveAccessibleDescription(/Please enter the name you would like Olo to use/)
  await expectNoAxeViolations(page)

  await name.fill('  Sam  ')
  await name.press('Enter')
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toHaveText('Saved. Olo will call you Sam.')
  await expect(name).toHaveValue('Sam')
  await expect(page.getByRole('alert')).toHaveCount(0)
  await expectNoAxeViolations(page)

  await page.goto('/weekly-dashboard')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Good to see you, Sam')
  await page.goto('/recap-conversation')
  await expect(conversation(page).getByText(/Hi Sam, I'm Olo/)).toBeVisible()
})
