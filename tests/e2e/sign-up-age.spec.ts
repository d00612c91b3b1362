import type { Page } from '@playwright/test'
import { AGE_CONFIRMATION } from '../../src/core/auth'
import { createConfirmedUser, expect, expectNoAxeViolations, onboard, PASSWORD, test, uniqueEmail } from './fixtures'

const ageBox = (page: Page) => page.getByRole('checkbox', { name: AGE_CONFIRMATION.label })

test('without the age box ticked the form makes no account and says why, keeping what was typed; ticked, it does', async ({ page }) => {
  const tries: unknown[] = []
  page.on('request', (request) => {
    if (request.url().endsWith('/api/auth/enter')) tries.push(request.postDataJSON())
  })
  await page.goto('/auth/mind')
  await expect(ageBox(page)).toHaveAccessibleDescription(AGE_CONFIRMATION.reason)
  await expect(ageBox(page)).not.toBeChecked()
  const email = uniqueEmail('under-age')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Continue with email' }).click()

  await expect(page.getByRole('alert')).toHaveText(AGE_CONFIRMATION.missing)
  await expect(ageBox(page)).toBeFocused()
  await expect(ageBox(page)).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByLabel('Email')).toHaveValue(email)
  await expect(page.getByLabel('Password')).toHaveValue(PASSWORD)
  await expectNoAxeViolations(page)
  // No sign-up was even tried, so there is no account: the address and password sign nobody in.
  expect(tries).toEqual([expect.objectContaining({ email, [AGE_CONFIRMATION.field]: false })])
  const signIn = await page.request.post('/api/auth/sign-in/email', { data: { email, password: PASSWORD } })
  expect((await signIn.json()) as { code?: string }).toMatchObject({ code: 'INVALID_EMAIL_OR_PASSWORD' })

  // Ticking the box takes the message away; the same form then makes the account.
  await ageBox(page).check()
  await expect(page.getByRole('alert')).toHaveCount(0)
  await page.getByRole('button', { name: 'Continue with email' }).click()
  await expect(page.getByRole('status')).toHaveText(
    "Welcome! We've sent you an email with a confirmation link. Please check your inbox and verify your email address before signing in.",
  )
  expect(tries.at(-1)).toEqual(expect.objectContaining({ email, [AGE_CONFIRMATION.field]: true }))
})

test('a returning member signs in without the age box', async ({ page }) => {
  const email = await createConfirmedUser(page, 'returning')
  await page.goto('/auth/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Continue with email' }).click()
  await expect(page).toHaveURL('/weekly-dashboard')
})

test('Google asks to make an account only with the age box ticked, and a refused sign-up comes back to the box', async ({ page }) => {
  // This test server has no Google client: the config says it has, and Google's part is played by the route below.
  await page.route('**/api/config', async (route) => {
    const response = await route.fetch()
    await route.fulfill({ response, json: { ...((await response.json()) as object), google: true } })
  })
  const bodies: Record<string, unknown>[] = []
  await page.route('**/api/auth/sign-in/social', async (route) => {
    const body = route.request().postDataJSON() as Record<string, unknown>
    bodies.push(body)
    // As Better Auth answers a new Google account without requestSignUp: back to errorCallbackURL with its error.
    const url = body.requestSignUp ? '/weekly-dashboard' : `${String(body.errorCallbackURL)}?error=signup_disabled`
    await route.fulfill({ json: { url, redirect: true } })
  })

  await page.goto('/auth/heart')
  await page.getByRole('button', { name: 'Continue with Google' }).click()
  await expect(page).toHaveURL('/auth/heart?error=signup_disabled')
  expect(bodies[0]).toEqual({ provider: 'google', callbackURL: '/weekly-dashboard', errorCallbackURL: '/auth/heart', requestSignUp: false })
  await expect(page.getByRole('alert')).toHaveText(AGE_CONFIRMATION.missing)
  await expect(ageBox(page)).toHaveAccessibleDescription(new RegExp(AGE_CONFIRMATION.missing))
  await expectNoAxeViolations(page)

  await ageBox(page).check()
  await page.getByRole('button', { name: 'Continue with Google' }).click()
  await expect.poll(() => bodies.length).toBe(2)
  expect(bodies[1]).toMatchObject({ provider: 'google', errorCallbackURL: '/auth/heart', requestSignUp: true })
})

test('any other failure of Google sign-in says so on the sign-in screen', async ({ page }) => {
  await page.goto('/auth/login?error=access_denied')
  await expect(page.getByRole('alert')).toHaveText('Signing in with Google did not work. Please try again.')
  await expect(ageBox(page)).not.toHaveAttribute('aria-invalid')
})

test('on the newcomer’s screen there is no box: it says that continuing confirms the age, and the form sends the confirmation', async ({ page }) => {
  const tries: unknown[] = []
  page.on('request', (request) => {
    if (request.url().endsWith('/api/auth/enter')) tries.push(request.postDataJSON())
  })
  await onboard(page, [/Mind/, /Body/, /Heart/], /Clarity/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create your account')
  await expect(ageBox(page)).toHaveCount(0)
  await expect(page.getByText(`${AGE_CONFIRMATION.reason} ${AGE_CONFIRMATION.statement}`)).toBeVisible()
  const email = uniqueEmail('newcomer-age')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Continue with email' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your inbox')
  expect(tries).toEqual([expect.objectContaining({ email, [AGE_CONFIRMATION.field]: true })])
})
