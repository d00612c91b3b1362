import type { Page } from '@playwright/test'
import { conversation, expect, expectNoAxeViolations, expectNoAxeViolationsWhilePaused, READ_TIME, signInAsNewUser, test } from './fixtures'

const START = new Date('2026-11-23T09:00:00')

const input = (page: Page) => page.getByRole('textbox', { name: 'Your message to Olo' })

/** A signed-in user on a path, with Playwright's clock so Olo's reading holds and the hand-over can be stepped through. */
async function onPath(page: Page, path: string) {
  await page.clock.install({ time: START })
  await signInAsNewUser(page, 'threshold')
  expect((await page.request.put('/api/journey/path', { data: { path } })).ok()).toBe(true)
}

async function openThreshold(page: Page, exerciseId: string) {
  await page.goto(`/threshold/${exerciseId}`)
  await expect(page.getByRole('heading', { name: 'Crossing the Threshold' })).toBeVisible()
  await expect(conversation(page).getByRole('listitem')).toHaveCount(1)
}

test('sets an intention with the offline Olo, speaks the greeting, then opens the exercise with the practice kept', async ({ page }) => {
  await onPath(page, 'calm')
  await openThreshold(page, 'next')
  await expect(page.getByText('Preparing for Breathing Bubble')).toBeVisible()
  await expect(page).toHaveURL(/\/threshold\/next\?practice=[0-9a-f-]{36}$/)
  // Audio starts off on a server without a voice of its own: the box is free at once.
  await expect(input(page)).toBeEnabled()
  await expectNoAxeViolations(page)

  await input(page).fill('I want to feel calmer and let go of the day')
  await input(page).press('Enter')
  const status = page.getByRole('status').filter({ hasText: /Olo speaks|Preparing your journey/ })
  await expect(status).toBeVisible()
  await expect(status).toContainText('Follow the bubble in and out, resting on your intention:')
  await expect(page.getByRole('link', { name: 'Skip and continue to exercise' })).toBeVisible()
  await expectNoAxeViolations(page)

  // With audio off the greeting shows in words for its reading time, then the hand-over shows for 1.5 s.
  // The clock stands still from here, so only the time the test lets pass counts.
  await page.clock.pauseAt(new Date((await page.evaluate(() => Date.now())) + 500))
  const intentionSet = page.getByRole('heading', { name: 'Your intention is set' })
  for (let waited = 0; waited < READ_TIME && !(await intentionSet.isVisible()); waited += 250) await page.clock.runFor(250)
  await expect(intentionSet).toBeVisible()
  await expect(page.getByText('Beginning your practice...')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Skip and continue to exercise' })).toHaveCount(0)
  await expectNoAxeViolationsWhilePaused(page)
  await page.clock.runFor(1200)
  await expect(page).toHaveURL(/\/threshold\//)
  await page.clock.runFor(400)
  await expect(page).toHaveURL(/\/breathing-bubble\?practice=[0-9a-f-]{36}$/)

  const practiceId = new URL(page.url()).searchParams.get('practice')!
  const { practice } = (await (await page.request.get(`/api/practices/${practiceId}`)).json()) as { practice: { intention: string } }
  expect(practice.intention).toMatch(/calm/i)
})

test('the hand-over waits 2 s when the voice fails', async ({ page }) => {
  await onPath(page, 'mind')
  // A voice that fails: the server speaks with ElevenLabs, which answers 500.
  await page.route('**/api/config', async (route) => {
    const response = await route.fetch()
    await route.fulfill({ response, json: { ...(await response.json()), voice: 'elevenlabs' } })
  })
  // The opening line fails at once; the greeting's request is held until the clock stands still.
  let speeches = 0
  let releaseGreeting = () => {}
  const greetingHeld = new Promise<void>((resolve) => (releaseGreeting = resolve))
  await page.route('**/api/speech', async (route) => {
    if (++speeches > 1) await greetingHeld
    await route.fulfill({ status: 502, json: { error: { code: 'PROVIDER_FAILED', message: 'Voice provider error 500' } } })
  })
  await openThreshold(page, '1')
  // The failed opening line gives its reading time: the clock runs once that has begun, not before.
  await expect(input(page)).toHaveAttribute('placeholder', 'Take a moment to read...')
  await page.clock.runFor(READ_TIME)
  await expect(input(page)).toBeEnabled()
  await input(page).fill('Just start please')
  await input(page).press('Enter')
  await expect(page.getByText('Olo speaks...')).toBeVisible()
  await page.clock.pauseAt(new Date((await page.evaluate(() => Date.now())) + 500))
  releaseGreeting()
  await expect.poll(() => speeches).toBe(2)
  // The failure reaches the page: the hand-over shows, and the exercise opens 2 s later.
  await expect(page.getByRole('heading', { name: 'Your intention is set' })).toBeVisible()
  await page.clock.runFor(1800)
  await expect(page).toHaveURL(/\/threshold\//)
  await page.clock.runFor(400)
  await expect(page).toHaveURL(/\/focus-exercise\?practice=/)
})

test('a reload resumes the same chat, and Skip goes straight to the exercise', async ({ page }) => {
  await onPath(page, 'energy')
  await openThreshold(page, '2')
  await expect(page.getByText('Preparing for Flow')).toBeVisible()
  const address = page.url()
  await page.clock.runFor(READ_TIME)
  await input(page).fill('Hmm')
  await input(page).press('Enter')
  await expect(conversation(page).getByRole('listitem')).toHaveCount(3)
  // The box was disabled while Olo answered; the keyboard is back in it once it is ready.
  await page.clock.runFor(READ_TIME)
  await expect(input(page)).toBeFocused()

  await page.reload()
  await expect(page).toHaveURL(address)
  await expect(conversation(page).getByRole('listitem')).toHaveCount(3)
  await expect(conversation(page).getByText('Hmm', { exact: true })).toBeVisible()

  await page.getByRole('link', { name: 'Skip and continue to exercise' }).press('Enter')
  await expect(page).toHaveURL(/\/movement-exercise\?practice=/)
})

test('a crisis message shows the help card and the chat stays open', async ({ page }) => {
  await onPath(page, 'connection')
  await openThreshold(page, 'next')
  await page.clock.runFor(READ_TIME)
  await input(page).fill('honestly I want to kill myself')
  await input(page).press('Enter')
  await expect(page.getByRole('region', { name: 'You deserve support right now' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Crossing the Threshold' })).toBeVisible()
  await page.clock.runFor(READ_TIME)
  await expect(input(page)).toBeEnabled()
})

test('a crisis split over three messages is answered with care, then the help, and never ends the chat as an intention', async ({ page }) => {
  await onPath(page, 'calm')
  await openThreshold(page, 'next')
  const help = page.getByRole('region', { name: 'You deserve support right now' })
  for (const part of ["I think I'm going to", 'end my']) {
    await page.clock.runFor(READ_TIME)
    await input(page).fill(part)
    await input(page).press('Enter')
    await expect(conversation(page).getByText(part, { exact: true })).toBeVisible()
  }
  await expect(conversation(page).getByText(/That sounds really hard/)).toBeVisible()
  await expect(help).toHaveCount(0)

  await page.clock.runFor(READ_TIME)
  await input(page).fill('life')
  await input(page).press('Enter')
  await expect(help).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Your intention is set' })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Skip and continue to exercise' })).toBeVisible()
  await expectNoAxeViolations(page)
})

test.describe('load errors', () => {
  test('an id that is neither a number nor next', async ({ page }) => {
    await onPath(page, 'mind')
    await page.goto('/threshold/first')
    await expect(page.getByRole('heading', { name: 'Unable to Load Exercise' })).toBeVisible()
    await expect(page.getByText('Invalid exercise ID provided')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Return to Dashboard' })).toHaveAttribute('href', '/dashboard')
    await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible()
    await expectNoAxeViolations(page)
  })

  test('no exercise for that number, no path, a failed start that Try Again recovers, and a missing id', async ({ page }) => {
    await onPath(page, 'mind')
    await page.goto('/threshold/4')
    await expect(page.getByText('No exercise found for number 4. You may have completed every exercise on this path.')).toBeVisible()
    await expectNoAxeViolations(page)

    let failures = 1
    await page.route('**/api/practices', (route) =>
      failures-- > 0 ? route.fulfill({ status: 503, json: { error: { code: 'UNAVAILABLE', message: 'Lumin is briefly unavailable. Please try again in a moment.' } } }) : route.fallback(),
    )
    await page.goto('/threshold/next')
    await expect(page.getByRole('heading', { name: 'Unable to Load Exercise' })).toBeVisible()
    await page.getByRole('button', { name: 'Try Again' }).click()
    await expect(page.getByText('Preparing for Focus Steps')).toBeVisible()

    await page.goto('/threshold')
    await expect(page).toHaveURL(/\/dashboard$/)
  })

  test('a session that ended on the server', async ({ page }) => {
    await onPath(page, 'mind')
    await page.route('**/api/practices', (route) => route.fulfill({ status: 401, json: { error: { code: 'UNAUTHORIZED', message: 'Please sign in to continue.' } } }))
    await page.goto('/threshold/next')
    await expect(page.getByRole('heading', { name: 'Unable to Load Exercise' })).toBeVisible()
    await expect(page.getByText('No authenticated user')).toBeVisible()
  })

  test('a user without a path', async ({ page }) => {
    await page.clock.install({ time: START })
    await signInAsNewUser(page, 'threshold')
    await page.goto('/threshold/next')
    await expect(page.getByText('We could not determine your selected path. Please choose a path first.')).toBeVisible()
  })
})
