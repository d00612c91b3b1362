import type { Page } from '@playwright/test'
import { FAKE_RESULTS } from '../support/fake-model'
import { expect, expectNoAxeViolations, signInAsNewUser, test } from './fixtures'

const input = (page: Page) => page.getByRole('textbox', { name: 'Your message to Olo' })
const orb = (page: Page) => page.getByRole('region', { name: 'Olo' })

async function send(page: Page, text: string) {
  await expect(input(page)).toBeEnabled({ timeout: 15_000 })
  await input(page).fill(text)
  await input(page).press('Enter')
}

test('with a model provider, a goal is made from the category modal, gets its four badges and shows on the goals screen', async ({ page }) => {
  const goal = FAKE_RESULTS.goal
  await signInAsNewUser(page, 'goal-model')
  await page.goto('/achievements-goals')
  await page.getByRole('button', { name: 'Create New Goal with Olo' }).click()
  await page.getByRole('dialog', { name: 'Choose a Goal Category' }).getByRole('button', { name: /^Health & Fitness/ }).click()
  await expect(page).toHaveURL(/\/goal-chat\?category=\d+&conversation=[0-9a-f-]{36}$/)
  await expect(orb(page)).toContainText(/an AI guide, not a therapist/)

  // The fake model asks one question, then finishes with its goal.
  await send(page, 'I want to get fitter by running')
  await expect(orb(page)).toContainText('How will you measure it, and by when?')
  await send(page, '100 km in 90 days')

  const card = page.getByRole('region', { name: 'Goal Created!' })
  await expect(card.getByRole('heading', { name: goal.title })).toBeVisible()
  await expect(card).toContainText(goal.description)
  await expect(card).toContainText('Health & Fitness')
  await expect(card.getByRole('definition').first()).toHaveText(`${goal.measurable_target} ${goal.measurable_unit}`)
  await expect(card).toContainText(`Suggested timeframe: ${goal.suggested_timeframe_days} days`)
  await expect(page.getByText('[[OLO_END]]')).toHaveCount(0)
  await expect(page.getByText(/measurable_target/)).toHaveCount(0)

  const overlay = page.getByRole('dialog', { name: 'Creating Your Achievement Badges' })
  await expect(overlay).toBeVisible()
  await expect(overlay.getByText('Generated 4 of 4 badges...')).toBeVisible({ timeout: 15_000 })
  await expectNoAxeViolations(page)
  await expect(page).toHaveURL(/\/achievements-goals$/, { timeout: 15_000 })

  const goalCard = page.getByRole('article', { name: goal.title })
  await expect(goalCard).toContainText('In Progress')
  await expect(goalCard).toContainText(`0 / ${goal.measurable_target} ${goal.measurable_unit}`)
})
