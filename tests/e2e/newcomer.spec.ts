import { expect, expectNoAxeViolations, mailTo, PASSWORD, sessionUser, test, uniqueEmail } from './fixtures'

test('a newcomer goes from the intro through onboarding and a confirmed sign-up to their weekly home, then signs out', async ({ page }) => {
  const start = new Date('2026-11-23T08:00:00Z')
  await page.clock.install({ time: start })
  // Paused before the page loads, so every timer of the intro runs on the test's clock alone.
  await page.clock.pauseAt(new Date(start.getTime() + 60_000))
  await page.goto('/')

  const captions = page.locator('[aria-live="polite"]')
  await expect(captions).toContainText('This is you')
  await page.clock.runFor(2_900)
  await expect(captions).toContainText('This is you')
  await page.clock.runFor(200)
  await expect(captions).toContainText('These are the dimensions')
  await page.clock.runFor(4_900)
  await expect(captions).toContainText('These are the dimensions')
  await page.clock.runFor(200)
  await expect(captions).toContainText('Lumin')
  await expect(page.getByRole('link', { name: 'Begin the Journey' })).toHaveCount(0)
  await page.clock.runFor(3_000)
  // axe-core waits on timers of its own, so it runs once the clock moves again.
  await page.clock.resume()
  await expect(page.getByRole('link', { name: 'Begin the Journey' }).locator('..')).toHaveCSS('opacity', '1')
  await expectNoAxeViolations(page)
  await page.getByRole('link', { name: 'Begin the Journey' }).click()

  await expect(page).toHaveURL('/onboarding')
  await expect(page.getByText('about 2 minutes')).toBeVisible()
  await expectNoAxeViolations(page)
  await page.getByRole('button', { name: 'Continue' }).click()

  const continueButton = page.getByRole('button', { name: 'Continue' })
  await page.getByRole('button', { name: /Heart/ }).click()
  await page.getByRole('button', { name: /Mind/ }).click()
  await expect(continueButton).toBeDisabled()
  await page.getByRole('button', { name: /Spirit/ }).click()
  await expect(continueButton).toBeEnabled()
  await expectNoAxeViolations(page)
  await continueButton.click()

  await expect(continueButton).toBeDisabled()
  await page.getByRole('radio', { name: /Peace/ }).click()
  await expectNoAxeViolations(page)
  await continueButton.click()
  await continueButton.click()

  // Heart ranked first, but Peace chosen: the Calm path, named as initialPath (docs/product.md#onboarding).
  await expect(page).toHaveURL('/auth/heart?initialPath=calm')
  await expectNoAxeViolations(page)
  const email = uniqueEmail('newcomer')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Continue with email' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your inbox')
  await expect(page.getByRole('status')).toHaveText(
    "Welcome! We've sent you an email with a confirmation link. Please check your inbox and verify your email address before signing in.",
  )
  await expectNoAxeViolations(page)

  // Another address instead, then the first again: its password is right, so the mail is sent again.
  await page.getByRole('button', { name: 'Use another email' }).click()
  await expect(page.getByLabel('Email')).toBeFocused()
  await expect(page.getByLabel('Email')).toHaveValue('')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Continue with email' }).click()
  await expect(page.getByRole('status')).toHaveText(
    "Please check your email inbox and click the confirmation link to verify your account. If you don't see the email, check your spam folder.",
  )

  // The mailed link opens a page whose button confirms, and signs the member in here: no password typed again.
  const mail = await mailTo(page, email)
  await page.goto(mail.link)
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your email' })).toBeVisible()
  await expectNoAxeViolations(page)
  await page.getByRole('button', { name: 'Confirm my email' }).click()
  await expect(page).toHaveURL('/weekly-dashboard')
  await expect(page.getByRole('heading', { level: 1 })).toContainText(email.split('@')[0]!)
  await expectNoAxeViolations(page)
  await expect
    .poll(async () => (await (await page.request.get('/api/profile')).json()).profile)
    .toMatchObject({ selectedPath: 'calm', rankedDimensions: ['heart', 'mind', 'spirit'], selectedFocus: 'peace' })

  await page.getByRole('button', { name: /menu/i }).click()
  await expect(page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Notifications' })).toBeVisible()
  await expectNoAxeViolations(page)
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page).toHaveURL('/')
  expect(await sessionUser(page)).toBeNull()
})
