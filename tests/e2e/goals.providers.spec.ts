import type { Page } from '@playwright/test'
import { BADGE_GAP_MS, BADGES_RETURN_MS, BADGES_START_MS } from '../../src/core/timings'
import { FAKE_RESULTS } from '../support/fake-model'
import { expect, expectNoAxeViolations, READ_TIME, signInAsNewUser, test } from './fixtures'

const START = new Date('2026-11-23T09:00:00')

const input = (page: Page) => page.getByRole('textbox', { name: 'Your message to Olo' })
const orb = (page: Page) => page.getByRole('region', { name: 'Olo' })

/** Sends a message once Olo has had its say (spoken by the fake voice, or its reading hold run on the test's clock). */
async function send(page: Page, text: string) {
  await page.clock.runFor(READ_TIME)
  // The fake model streams its reply in real time, slowly enough for the page to show each delta.
  await expect(input(page)).toBeEnabled({ timeout: 15_000 })
  await input(page).fill(text)
  await input(page).press('Enter')
}

test('with a model provider, a goal is made from the category modal, gets its four badges and shows on the goals screen', async ({ page }) => {
  const goal = FAKE_RESULTS.goal
  await page.clock.install({ time: START })
  await signInAsNewUser(page, 'goal-model')
  await page.goto('/achievements-goals')
  await page.getByRole('button', { name: 'Create New Goal with Olo' }).click()
  await page.getByRole('dialog', { name: 'Choose a Goal Category' }).getByRole('button', { name: /^Health & Fitness/ }).click()
  await expect(page).toHaveURL(/\/goal-chat\?category=\d+&conversation=[0-9a-f-]{36}$/)
  await expect(orb(page)).toContainText(/Let's turn something you care about/)

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

  // The badges 1 s after the goal shows, one a second, then back to the goals 8 s after the last
  // (docs/product.md#goal-chat).
  const overlay = page.getByRole('dialog', { name: 'Creating Your Achievement Badges' })
  const tile = (tier: string) => overlay.getByRole('listitem').filter({ hasText: tier })
  await page.clock.runFor(BADGES_START_MS)
  await expect(overlay).toBeVisible()
  await expect(tile('Bronze')).toContainText('Generated')
  for (const tier of ['Silver', 'Gold', 'Diamond']) {
    await page.clock.runFor(BADGE_GAP_MS)
    await expect(tile(tier)).toContainText('Generated')
  }
  await expect(overlay.getByText('Generated 4 of 4 badges...')).toBeVisible()
  await expectNoAxeViolations(page)
  await page.clock.runFor(BADGES_RETURN_MS)
  await expect(page).toHaveURL(/\/achievements-goals$/)

  const goalCard = page.getByRole('article', { name: goal.title })
  await expect(goalCard).toContainText('In Progress')
  await expect(goalCard).toContainText(`0 / ${goal.measurable_target} ${goal.measurable_unit}`)
})
