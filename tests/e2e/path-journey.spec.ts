import type { Page } from '@playwright/test'
import { conversation, expect, expectNoAxeViolations, READ_TIME, signInAsNewUser, test } from './fixtures'

/**
 * The daily loop end to end, with no configuration: choose a path, the assessment and the first quest, an intention
 * set with the offline Olo at each threshold, every kind of exercise, and the dashboard and weekly home moving.
 */
const START = new Date('2026-11-23T09:00:00')

const input = (page: Page) => page.getByRole('textbox', { name: 'Your message to Olo' })
const steps = (page: Page) => page.getByRole('list', { name: 'Journey steps' }).getByRole('listitem')
const points = (page: Page) => page.getByText('Lumin Points', { exact: true }).locator('..')

/** Crosses the threshold: Olo's opening, one answer, the greeting and the hand-over to the exercise. */
async function setIntention(page: Page, exerciseName: string, answer: string, exercisePath: string) {
  await expect(page.getByText(`Preparing for ${exerciseName}`)).toBeVisible()
  await expect(conversation(page).getByRole('listitem')).toHaveCount(1)
  await page.clock.runFor(READ_TIME)
  await input(page).fill(answer)
  await input(page).press('Enter')
  await expect(page.getByRole('status').filter({ hasText: /Olo speaks|Preparing your journey/ })).toBeVisible()
  await page.clock.runFor(READ_TIME)
  await expect(page).toHaveURL(new RegExp(`${exercisePath}\\?practice=[0-9a-f-]{36}$`))
}

async function backOnDashboard(page: Page, earned: number, complete: boolean[]) {
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(points(page)).toHaveText(new RegExp(`Lumin Points\\s*${earned}$`))
  for (const [i, done] of complete.entries()) await expect(steps(page).nth(i)).toContainText(done ? 'Complete' : /Up next|Not started/)
}

test('a newcomer chooses Mind, takes the assessment and the first quest, and finishes the path with 30 points', async ({ page }) => {
  test.setTimeout(120_000)
  await page.clock.install({ time: START })
  await signInAsNewUser(page, 'path-journey')
  await page.goto('/dashboard')
  await page.getByRole('link', { name: 'Explore Paths' }).click()
  await page.getByRole('button', { name: 'Choose Mind' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)

  await page.getByRole('link', { name: 'Take the Assessment' }).click()
  await page.getByRole('slider', { name: 'How calm do you feel?' }).press('ArrowRight')
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/first-quest$/)
  await expectNoAxeViolations(page)

  // Exercise 1, Focus Steps, through the first quest.
  await page.getByRole('link', { name: 'Focus Steps' }).click()
  await setIntention(page, 'Focus Steps', 'I want to feel more focused and clear', '/focus-exercise')
  await expect(page.getByText('Your intention', { exact: true })).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: 'Focus Steps' })).toBeVisible()
  await page.getByRole('button', { name: 'Start Step 1' }).click()
  for (let step = 0; step < 4; step++) await page.getByRole('button', { name: 'Next Step' }).click()
  await expect(page.getByRole('heading', { name: 'Excellent Focus!' })).toBeVisible()
  await page.getByRole('link', { name: 'Return to Dashboard' }).click()
  await backOnDashboard(page, 10, [true, false, false])

  // Exercise 2, Sensory Safari, skipping the chat.
  await page.getByRole('link', { name: 'Continue Your Path' }).click()
  await expect(page).toHaveURL(/\/threshold\/2(\?practice=[0-9a-f-]{36})?$/)
  await expect(page.getByText('Preparing for Sensory Safari')).toBeVisible()
  await page.getByRole('link', { name: 'Skip and continue to exercise' }).click()
  await expect(page).toHaveURL(/\/sensory-safari\?practice=/)
  await page.getByRole('textbox', { name: 'What can you see?' }).fill('A robin on the fence, puffed up against the cold')
  await page.getByRole('button', { name: 'Log Observation' }).click()
  await expect(page.getByText('Observation Recorded!')).toBeVisible()
  await page.clock.runFor(2000)
  await backOnDashboard(page, 20, [true, true, false])

  // The first quest is done: its screen says so and returns to the dashboard.
  await page.goto('/first-quest')
  await page.clock.runFor(1500)
  await expect(page).toHaveURL(/\/dashboard$/)

  // Exercise 3, Still Mind: five minutes of meditation.
  await page.getByRole('link', { name: 'Continue Your Path' }).click()
  await setIntention(page, 'Still Mind', 'I want to rest and let my thoughts settle', '/meditation-timer')
  await page.getByRole('button', { name: 'Start' }).click()
  await page.clock.runFor(300_000)
  await expect(page.getByRole('heading', { name: 'Well done!' })).toBeVisible()
  await page.getByRole('link', { name: 'Return to Dashboard' }).click()
  await backOnDashboard(page, 30, [true, true, true])
  await expect(page.getByRole('link', { name: 'Continue Your Path' })).toHaveCount(0)
  await expectNoAxeViolations(page)

  // The weekly home's Mind and Growth orbs moved: 10 for each practice on a path serving them.
  await page.goto('/weekly-dashboard')
  const orb = (label: string) => page.getByRole('list', { name: 'Your dimensions' }).getByRole('listitem').filter({ hasText: label })
  await expect(orb('Mind')).toHaveText(/^Mind\s*30%$/)
  await expect(orb('Growth')).toHaveText(/^Growth\s*30%$/)
  await expect(orb('Heart')).toHaveText(/^Heart\s*0%$/)
})

test('the Energy path: a step quest, flow and an energising breath, each through Olo', async ({ page }) => {
  test.setTimeout(120_000)
  await page.clock.install({ time: START })
  await signInAsNewUser(page, 'path-energy')
  expect((await page.request.put('/api/journey/path', { data: { path: 'energy' } })).ok()).toBe(true)

  await page.goto('/threshold/next')
  await setIntention(page, 'Step Quest', 'More energy for the afternoon', '/step-quest')
  await page.getByRole('spinbutton', { name: 'How many steps did you take?' }).fill('6400')
  await page.getByRole('button', { name: 'Log Steps' }).click()
  await expect(page.getByText('Steps Logged!')).toBeVisible()
  await page.clock.runFor(2000)
  await backOnDashboard(page, 10, [true, false, false])

  await page.getByRole('link', { name: 'Continue Your Path' }).click()
  await setIntention(page, 'Flow', 'I want to feel loose and light', '/movement-exercise')
  await page.getByRole('button', { name: 'Start Phase 1' }).click()
  await page.clock.runFor(45_000 + 60_000 + 120_000 + 30_000)
  await expect(page.getByRole('heading', { name: 'Beautiful Movement!' })).toBeVisible()
  await page.getByRole('link', { name: 'Return to Dashboard' }).click()
  await backOnDashboard(page, 20, [true, true, false])

  await page.getByRole('link', { name: 'Continue Your Path' }).click()
  await setIntention(page, 'Energising Breath', 'Wake up my breath', '/breathing-bubble')
  await page.getByRole('button', { name: 'Begin Breathing' }).click()
  await expect(page.getByText('Breathe in...')).toBeVisible()
  await page.clock.runFor(60_000)
  await expect(page.getByText('Beautiful Breathing!')).toBeVisible()
  await page.clock.runFor(3000)
  await backOnDashboard(page, 30, [true, true, true])
})

test('the Connection path’s kindness quest keeps the act and the intention', async ({ page }) => {
  await page.clock.install({ time: START })
  await signInAsNewUser(page, 'path-kindness')
  expect((await page.request.put('/api/journey/path', { data: { path: 'connection' } })).ok()).toBe(true)
  await page.goto('/dashboard')
  await page.getByRole('link', { name: 'Continue Your Path' }).click()
  await setIntention(page, 'Kindness Quest', 'I want to feel warmer towards people', '/kindness-quest')
  const practiceId = new URL(page.url()).searchParams.get('practice')!
  await expect(page.getByText('Your intention', { exact: true })).toBeVisible()
  await page.getByRole('textbox', { name: 'What act of kindness did you do?' }).fill('Left a thank-you note for the night cleaner')
  await page.getByRole('button', { name: 'Log Kindness' }).click()
  await expect(page.getByText('Kindness Shared!')).toBeVisible()
  await page.clock.runFor(2000)
  await backOnDashboard(page, 10, [true, false, false])

  const { practice } = (await (await page.request.get(`/api/practices/${practiceId}`)).json()) as { practice: { intention: string; completedAt: string | null } }
  expect(practice.intention).toMatch(/warm/i)
  expect(practice.completedAt).not.toBeNull()
})
