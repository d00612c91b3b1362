import type { Page } from '@playwright/test'
import { expect, expectNoAxeViolations, signInAsNewUser, test } from './fixtures'

/** Holds the session check until the returned function is called. */
async function holdSessionCheck(page: Page) {
  let release: () => void = () => undefined
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/api/session', async (route) => {
    await held
    await route.continue()
  })
  return release
}

test.describe('signed out', () => {
  for (const path of ['/weekly-dashboard', '/dashboard', '/recap-conversation', '/threshold/1', '/achievements-goals', '/journal', '/no-such-page']) {
    test(`${path} sends the visitor to /`, async ({ page }) => {
      await page.goto(path)
      await expect(page).toHaveURL('/')
    })
  }

  test('the landing button reads Loading... while the session is checked, then Login, which leads to sign-in', async ({ page }) => {
    const release = await holdSessionCheck(page)
    await page.goto('/')
    await expect(page.getByRole('button', { name: 'Loading...' })).toBeVisible()
    release()
    await page.getByRole('link', { name: 'Login' }).click()
    await expect(page).toHaveURL('/auth/login')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome back')
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeDisabled()
    await expect(page.getByText('Google sign-in is not set up on this server.')).toBeVisible()
    await expectNoAxeViolations(page)
  })

  test('a sign-in elsewhere while on / takes the user to the weekly home when they come back', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible()
    await signInAsNewUser(page, 'other-tab')
    await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')))
    await expect(page).toHaveURL('/weekly-dashboard')
  })

  test('protected screens show Loading Your Experience... while the session is checked', async ({ page }) => {
    const release = await holdSessionCheck(page)
    await page.goto('/weekly-dashboard')
    await expect(page.getByText('Loading Your Experience...')).toBeVisible()
    release()
    await expect(page).toHaveURL('/')
  })
})

test.describe('signed in', () => {
  test.beforeEach(async ({ page }) => {
    await signInAsNewUser(page, 'shell')
  })

  for (const path of ['/onboarding', '/auth/login', '/auth/heart', '/no-such-page']) {
    test(`${path} sends the user to /weekly-dashboard`, async ({ page }) => {
      await page.goto(path)
      await expect(page).toHaveURL('/weekly-dashboard')
    })
  }

  test('/ stays and its button reads Enter App, leading to the weekly home', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('link', { name: 'Enter App' }).click()
    await expect(page).toHaveURL('/weekly-dashboard')
  })

  test('the placeholder says the section is coming soon', async ({ page }) => {
    await page.goto('/community')
    await expect(page.getByText('This section is coming soon.')).toBeVisible()
  })
})
