import type { APIRequestContext } from '@playwright/test'
import { EMAIL_CONFIRMED } from '../../src/core/auth'
import { expect, expectNoAxeViolations, mailTo, PASSWORD, signInAsNewUser, signUpByApi, test, uniqueEmail } from './fixtures'

const LINK_NO_LONGER_WORKS = 'That confirmation link has expired or was already used. Sign in to get a new one.'

/** What the server says to this address and password, asked by a caller signed in as nobody: 200, or why not. */
async function signInAnswer(request: APIRequestContext, email: string) {
  const response = await request.post('/api/auth/sign-in/email', { data: { email, password: PASSWORD } })
  return { status: response.status(), code: ((await response.json()) as { code?: string }).code }
}

test('opening the mailed link confirms nothing; the button on its page does', async ({ page }) => {
  const email = uniqueEmail('verify')
  await signUpByApi(page, email, '/auth/mind?verified=1')
  const { link } = await mailTo(page, email)
  expect(new URL(link).pathname).toBe('/auth/verify')

  // A mail scanner's plain GET, then a person who opens the page and leaves without pressing.
  expect((await page.request.get(link)).ok()).toBe(true)
  await page.goto(link)
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your email' })).toBeVisible()
  await expectNoAxeViolations(page)
  expect(await signInAnswer(page.request, email)).toMatchObject({ status: 403, code: 'EMAIL_NOT_VERIFIED' })

  await page.getByRole('button', { name: 'Confirm my email' }).click()
  // Signed up elsewhere (here, by the API): the page confirms and asks for the password, welcoming nobody back.
  await expect(page).toHaveURL('/auth/mind?verified=1')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(EMAIL_CONFIRMED)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Continue with email' }).click()
  await expect(page).toHaveURL('/weekly-dashboard')
})

test('a link whose token no longer works says so and leads to sign-in, and so does one without a token', async ({ page }) => {
  await page.goto('/auth/verify?token=not-a-real-token&callbackURL=%2Fauth%2Fcalm%3Fverified%3D1')
  await page.getByRole('button', { name: 'Confirm my email' }).click()
  await expect(page.getByRole('alert')).toHaveText(LINK_NO_LONGER_WORKS)
  await expect(page.getByRole('button', { name: 'Confirm my email' })).toHaveCount(0)
  // The button has gone: the keyboard is at the message that says why.
  await expect(page.getByRole('alert').locator('..')).toBeFocused()
  await expectNoAxeViolations(page)
  await page.getByRole('link', { name: 'Sign in' }).click()
  await expect(page).toHaveURL('/auth/calm')

  await page.goto('/auth/verify')
  await expect(page.getByRole('alert')).toHaveText(LINK_NO_LONGER_WORKS)
  await expect(page.getByRole('button', { name: 'Confirm my email' })).toHaveCount(0)
})

test('a link that would lead outside the sign-in screens leads to sign-in instead', async ({ page }) => {
  const email = uniqueEmail('verify-elsewhere')
  await signUpByApi(page, email)
  const link = new URL((await mailTo(page, email)).link)
  link.searchParams.set('callbackURL', 'https://example.com/phish')
  await page.goto(link.pathname + link.search)
  await page.getByRole('button', { name: 'Confirm my email' }).click()
  await expect(page).toHaveURL('/auth/login?verified=1')
  expect((await signInAnswer(page.request, email)).status).toBe(200)
})

test('someone signed in on this device can still confirm another address from its link', async ({ page, request }) => {
  const guest = uniqueEmail('verify-guest')
  await signUpByApi(page, guest, '/auth/heart?verified=1')
  await signInAsNewUser(page, 'verify-host')

  await page.goto((await mailTo(page, guest)).link)
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your email' })).toBeVisible()
  await page.getByRole('button', { name: 'Confirm my email' }).click()
  // Back on the sign-in screens, the one signed in goes on to their weekly home as usual.
  await expect(page).toHaveURL('/weekly-dashboard')
  // Asked from elsewhere: this browser is signed in as the host.
  expect(await signInAnswer(request, guest)).toMatchObject({ status: 200 })
})
