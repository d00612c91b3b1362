import type { Page } from '@playwright/test'
import { conversation, expect, expectNoAxeViolations, signInAsNewUser, test } from './fixtures'

const SAFETY_LINK = 'How Olo keeps you safe'

test.use({ locale: 'en-US', timezoneId: 'America/New_York' })

/** The page says where help is with the card a chat gives, for where this browser is: New York here. */
async function expectSafetyPage(page: Page) {
  await expect(page).toHaveURL('/safety')
  const heading = page.getByRole('heading', { level: 1, name: 'How Olo keeps you safe' })
  await expect(heading).toBeFocused()
  const card = page.getByRole('region', { name: 'You deserve support right now' })
  await expect(card.getByRole('heading', { name: 'Helplines in the United States' })).toBeVisible()
  await expect(card.getByRole('link', { name: 'Call 988' })).toHaveAttribute('href', 'tel:988')
  await expect(page.getByText('In an emergency, call your local emergency number now.')).toBeVisible()
  await expect(page.getByRole('region', { name: 'What Olo is, and what it is not' })).toContainText('not a human and not a therapist')
  await expect(page.getByRole('region', { name: 'When a message sounds like someone may be in danger' })).toContainText('nobody is cut off')
  await expect(page.getByRole('region', { name: 'Who Lumin is for' })).toContainText('16 and older')
}

test('a visitor opens /safety from the landing, signed out, and Back returns them there', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await page.goto('/')
  await page.getByRole('link', { name: SAFETY_LINK }).click()
  await expectSafetyPage(page)
  await expectNoAxeViolations(page)
  await page.getByRole('link', { name: 'Back' }).click()
  await expect(page).toHaveURL('/')
})

test('/safety opened directly needs no account', async ({ page }) => {
  await page.goto('/safety')
  await expect(page.getByRole('heading', { level: 1, name: 'How Olo keeps you safe' })).toBeVisible()
  await expect(page).toHaveURL('/safety')
  // Nothing to go back to: the way back leads to the landing.
  await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/')
})

test('a member reaches /safety from Settings, and from a chat, whose Back returns to the same chat', async ({ page }) => {
  await signInAsNewUser(page, 'safety')
  await page.goto('/settings')
  await page.getByRole('link', { name: SAFETY_LINK }).click()
  await expectSafetyPage(page)
  await expectNoAxeViolations(page)

  await page.goto('/recap-conversation')
  await expect(conversation(page).getByText(/This is your weekly recap/)).toBeVisible()
  await expectNoAxeViolations(page)
  await page.getByRole('banner').getByRole('link', { name: SAFETY_LINK }).click()
  await expectSafetyPage(page)
  await page.getByRole('link', { name: 'Back' }).click()
  await expect(page).toHaveURL('/recap-conversation')
  await expect(conversation(page).getByText(/This is your weekly recap/)).toBeVisible()
})
