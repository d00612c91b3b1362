import type { Page } from '@playwright/test'
import { chatInput, chooseAudio, conversation, expect, expectNoAxeViolations, oloMessages, READ_TIME, signInAsNewUser, tell, test } from './fixtures'

const START = new Date('2026-11-23T09:00:00')

/** A signed-in newcomer on the recap screen, with Playwright's clock so Olo's reading holds can be skipped. */
async function openRecap(page: Page) {
  await page.clock.install({ time: START })
  await signInAsNewUser(page, 'recap')
  await page.goto('/recap-conversation')
  await expect(conversation(page).getByText(/This is your weekly recap/)).toBeVisible()
}

const input = chatInput


test('a newcomer holds a whole weekly recap with the offline Olo and finds it on the weekly home', async ({ page }) => {
  await page.clock.install({ time: START })
  await signInAsNewUser(page, 'recap')
  await page.goto('/weekly-dashboard')
  await expect(page.getByText("Hi, I'm Olo, your AI guide.")).toBeVisible()
  await page.clock.runFor(READ_TIME)
  await expect(page.getByText('about 10 minutes').first()).toBeVisible()
  await page.getByRole('link', { name: 'Start Weekly Recap' }).click()
  await expect(page).toHaveURL(/\/recap-conversation$/)
  await expect(conversation(page).getByText(/This is your weekly recap/)).toBeVisible()
  await tell(page, 'Busy at work, but I went running twice and slept well.')
  await tell(page, 'I would give it a 7')
  await tell(page, 'My body, the runs helped a lot')
  await tell(page, 'Next week I want to look after my health and sleep')

  const summary = page.getByRole('region', { name: 'Your week in review' })
  await expect(summary).toBeVisible()
  await expect(summary).toContainText('7')
  await expect(summary).toContainText('Body')
  await page.clock.runFor(1000)
  await expectNoAxeViolations(page)

  await page.clock.runFor(5000)
  await expect(page).toHaveURL(/\/weekly-dashboard$/)
  await expect(page.getByText(/You rated your week 7\/10/)).toBeVisible()
  expect(await page.getByRole('checkbox').count()).toBeGreaterThanOrEqual(2)

  // Entering the recap again this week shows its summary, not a new chat.
  await page.goto('/recap-conversation')
  await expect(page.getByText(/You rated your week 7\/10/)).toBeVisible()
  await expect(input(page)).toHaveCount(0)
})

test('with audio on and no voice, the input waits the reading time; Enter sends, Shift+Enter does not; Skip, Escape and audio off free it', async ({ page }) => {
  await chooseAudio(page, 'on')
  await openRecap(page)
  await expect(input(page)).toBeDisabled()
  await expect(page.getByText('Take a moment to read what Olo said...')).toBeVisible()
  await expect(page.getByText('Please wait for Olo to finish speaking...')).toHaveCount(0)
  await page.clock.runFor(2000)
  await expect(input(page)).toBeDisabled()
  await page.clock.runFor(READ_TIME)
  await expect(input(page)).toBeEnabled()
  await expect(page.getByRole('button', { name: 'Skip', exact: true })).toHaveCount(0)

  await input(page).fill('   ')
  await input(page).press('Enter')
  await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled()

  await input(page).fill('A quiet week')
  await input(page).press('Shift+Enter')
  await expect(input(page)).toHaveValue('A quiet week\n')
  await input(page).press('Enter')
  await expect(page.getByText('A quiet week', { exact: true })).toBeVisible()
  await expect(oloMessages(page)).toHaveCount(2)
  await expect(input(page)).toBeDisabled()
  // Skip ends the reading time at once and hands the keyboard back to the box.
  await page.getByRole('button', { name: 'Skip', exact: true }).click()
  await expect(input(page)).toBeEnabled()
  await expect(input(page)).toBeFocused()
  await expect(page.getByText('Take a moment to read what Olo said...')).toHaveCount(0)

  await input(page).fill('I slept well')
  await input(page).press('Enter')
  await expect(oloMessages(page)).toHaveCount(3)
  await expect(input(page)).toBeDisabled()
  await page.keyboard.press('Escape')
  await expect(input(page)).toBeEnabled()

  await input(page).fill('Work was busy')
  await input(page).press('Enter')
  await expect(oloMessages(page)).toHaveCount(4)
  await expect(input(page)).toBeDisabled()
  await page.getByRole('button', { name: 'Audio on' }).click()
  await expect(page.getByRole('button', { name: 'Audio off' })).toHaveAttribute('aria-pressed', 'false')
  await expect(input(page)).toBeEnabled()
  await expectNoAxeViolations(page)
})

test('a crisis message gets the help card and the conversation goes on', async ({ page }) => {
  await openRecap(page)
  await tell(page, 'honestly I want to kill myself')
  const card = page.getByRole('region', { name: 'You deserve support right now' })
  await expect(card).toBeVisible()
  await expect(card).toContainText('988')
  await expect(card.getByRole('link', { name: 'findahelpline.com' })).toBeVisible()

  await tell(page, 'Thank you. It was a hard week.')
  await expect(card).toBeVisible()
  await page.reload()
  await expect(page.getByRole('region', { name: 'You deserve support right now' })).toBeVisible()
  await page.clock.runFor(READ_TIME)
  await expectNoAxeViolations(page)
})

test('a recap that can’t start, or whose conversation can’t load, says so and tries again', async ({ page }) => {
  await signInAsNewUser(page, 'start')
  let failStart = true
  await page.route('**/api/weekly/recap', (route) => (failStart ? route.fulfill({ status: 503, json: { error: { code: 'UNAVAILABLE', message: 'down' } } }) : route.continue()))
  await page.goto('/recap-conversation')
  const panel = page.getByRole('alert').filter({ hasText: 'Something went wrong' })
  await expect(panel).toContainText('Failed to start the recap session. Please try again.')
  await expectNoAxeViolations(page)

  failStart = false
  let failConversation = true
  await page.route('**/api/conversations/*', (route) => (failConversation ? route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'down' } } }) : route.continue()))
  await panel.getByRole('button', { name: 'Try Again' }).click()
  await expect(panel).toContainText('Failed to start conversation with Olo. Please try again.')

  failConversation = false
  await panel.getByRole('button', { name: 'Try Again' }).click()
  await expect(conversation(page).getByText(/This is your weekly recap/)).toBeVisible()
})
