import { AGE_CONFIRMATION } from '../../src/core/auth'
import { createConfirmedUser, expect, expectNoAxeViolations, mailTo, PASSWORD, test } from './fixtures'

test('a member who forgot their password resets it by mail and signs in with the new one', async ({ page }) => {
  const email = await createConfirmedUser(page, 'forgetful')

  await page.goto('/auth/login')
  await page.getByLabel('Email').fill(email)
  await page.getByRole('link', { name: 'Forgot password?' }).click()
  await expect(page).toHaveURL(/\/auth\/forgot-password/)
  await expect(page.getByLabel('Email')).toHaveValue(email)
  await page.getByRole('button', { name: 'Send reset link' }).click()
  await expect(page.getByRole('status')).toContainText('a reset link is on its way')
  await expectNoAxeViolations(page)

  const mail = await mailTo(page, email)
  expect(mail.subject).toBe('Reset your Lumin password')
  await page.goto(mail.link)
  await expect(page).toHaveURL(/\/auth\/reset-password\?token=/)
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible()
  await expectNoAxeViolations(page)
  await page.getByLabel('New password').fill('iloveyou')
  await page.getByRole('button', { name: 'Save new password' }).click()
  await expect(page.getByRole('alert')).toHaveText('This password is too common and easy to guess. Please choose another one.')
  await page.getByLabel('New password').fill('a-new-dawn-over-the-hills')
  await page.getByRole('button', { name: 'Save new password' }).click()

  await expect(page).toHaveURL('/auth/login?reset=1')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Continue with email' }).click()
  // The old password is now an unknown one, so the form answers as it would a newcomer who has not ticked the age box.
  await expect(page.getByRole('alert')).toHaveText(AGE_CONFIRMATION.missing)
  await page.getByLabel('Password').fill('a-new-dawn-over-the-hills')
  await page.getByRole('button', { name: 'Continue with email' }).click()
  await expect(page).toHaveURL('/weekly-dashboard')
})
