import type { Page } from '@playwright/test'
import { FOCUS_STEPS, MOVEMENT_PHASES } from '../../src/core/exercises'
import { PRACTICE_MESSAGES, SAVE_FAILED_ALERTS } from '../../src/core/journey'
import { collectWarnings, createConfirmedUser, expect, expectNoAxeViolations, PASSWORD, sessionUser, signInAsNewUser, tabTo, test } from './fixtures'

const START = new Date('2026-11-23T09:00:00')
/** Far enough ahead of START that the page has loaded by then; the clock stops there for exact timings. */
const PAUSED_AT = new Date(START.getTime() + 60 * 60_000)

/** A signed-in user on an exercise screen visited directly: a free practice that records nothing. */
async function openExercise(page: Page, path: string, heading: string) {
  await signInAsNewUser(page, 'exercise')
  await page.clock.install({ time: START })
  await page.goto(path)
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
  // Opened by its address, not from a home: the way back is the dashboard's.
  await expect(page.getByRole('link', { name: 'Back to your path' })).toHaveAttribute('href', '/dashboard')
}

/**
 * Stops the clock, so every tick the exercise sees comes from the test. Called with the exercise idle: axe-core and
 * the app's data fetching both need the clock moving, so they run before.
 */
async function pauseClock(page: Page) {
  await page.clock.pauseAt(PAUSED_AT)
}

/**
 * Accepts every alert and keeps its text, as the practice logs' validation and save failures are alerts
 * (docs/product.md#practice-logs).
 */
function collectAlerts(page: Page) {
  const alerts: string[] = []
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message())
    void dialog.accept()
  })
  return alerts
}

test('meditation: five minutes by keyboard, with pause, resume and reset, then Well done! and back to the dashboard', async ({ page }) => {
  await openExercise(page, '/meditation-timer', 'Meditation Timer')
  const clock = page.getByRole('timer', { name: 'Time remaining' })
  const progress = page.getByRole('progressbar', { name: 'Meditation progress' })
  await expect(clock).toHaveText('05:00')
  await expect(progress).toHaveAttribute('aria-valuenow', '0')
  await expectNoAxeViolations(page)
  await pauseClock(page)

  await tabTo(page, page.getByRole('button', { name: 'Start' }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('button', { name: 'Pause' })).toBeFocused()
  await page.clock.runFor(999)
  await expect(clock).toHaveText('05:00')
  await page.clock.runFor(1)
  await expect(clock).toHaveText('04:59')

  // Space pauses, and a paused timer holds its time however long the wait.
  await page.keyboard.press('Space')
  await expect(page.getByRole('button', { name: 'Resume' })).toBeFocused()
  await expect(page.getByText('Paused. Resume when you are ready.')).toBeVisible()
  await page.clock.runFor(30_000)
  await expect(clock).toHaveText('04:59')
  await page.keyboard.press('Enter')
  await page.clock.runFor(1_000)
  await expect(clock).toHaveText('04:58')

  // Reset goes back to five minutes, stopped.
  await tabTo(page, page.getByRole('button', { name: 'Reset' }))
  await page.keyboard.press('Enter')
  await expect(clock).toHaveText('05:00')
  await page.clock.runFor(5_000)
  await expect(clock).toHaveText('05:00')
  await expect(page.getByRole('button', { name: 'Start' })).toBeVisible()

  await tabTo(page, page.getByRole('button', { name: 'Start' }))
  await page.keyboard.press('Enter')
  await page.clock.runFor(150_000)
  await expect(clock).toHaveText('02:30')
  await expect(progress).toHaveAttribute('aria-valuenow', '50')
  await page.clock.runFor(149_750)
  await expect(clock).toHaveText('00:01')
  await expect(page.getByRole('heading', { name: 'Well done!' })).toHaveCount(0)
  await page.clock.runFor(250)
  await expect(clock).toHaveText('00:00')
  await expect(page.getByRole('heading', { name: 'Well done!' })).toBeFocused()
  await expect(page.getByRole('button', { name: 'Start' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Reset' })).toBeVisible()

  await page.clock.resume()
  await expectNoAxeViolations(page)
  await tabTo(page, page.getByRole('link', { name: 'Return to Dashboard' }))
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL('/dashboard')
})

test('focus: four steps of 30, 60, 90 and 60 s by keyboard, the next loading on its own, then Excellent Focus!', async ({ page }) => {
  await openExercise(page, '/focus-exercise', 'Focus Exercise')
  const dots = page.getByRole('list', { name: 'Progress' }).getByRole('listitem')
  const clock = page.getByRole('timer')
  await expect(dots).toHaveCount(4)
  await expect(page.getByRole('heading', { name: FOCUS_STEPS[0]!.title })).toBeVisible()
  await expect(page.getByText('Step 1 of 4')).toBeVisible()
  await expect(clock).toHaveText('00:30')
  await expectNoAxeViolations(page)
  await pauseClock(page)

  // Nothing runs until the step is started.
  await page.clock.runFor(5_000)
  await expect(clock).toHaveText('00:30')
  await tabTo(page, page.getByRole('button', { name: 'Start Step 1' }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('button', { name: 'Next Step' })).toBeFocused()
  await expect(page.getByRole('button', { name: /^Start Step/ })).toHaveCount(0)
  await page.clock.runFor(29_750)
  await expect(clock).toHaveText('00:01')
  await expect(page.getByRole('heading', { name: FOCUS_STEPS[0]!.title })).toBeVisible()

  // At zero, step 2 loads its 60 s and keeps running.
  await page.clock.runFor(250)
  await expect(page.getByRole('heading', { name: FOCUS_STEPS[1]!.title })).toBeVisible()
  await expect(page.getByText('Step 2 of 4')).toBeVisible()
  await expect(clock).toHaveText('01:00')
  await expect(dots.nth(0)).toContainText('done')
  await expect(dots.nth(1)).toHaveAttribute('aria-current', 'step')
  await page.clock.runFor(10_000)
  await expect(clock).toHaveText('00:50')

  // Next Step skips ahead to the full 90 s of step 3, still running.
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: FOCUS_STEPS[2]!.title })).toBeVisible()
  await expect(clock).toHaveText('01:30')
  await page.clock.runFor(1_000)
  await expect(clock).toHaveText('01:29')
  await page.clock.runFor(89_000)
  await expect(page.getByRole('heading', { name: FOCUS_STEPS[3]!.title })).toBeVisible()
  await expect(clock).toHaveText('01:00')

  await page.clock.runFor(60_000)
  await expect(page.getByRole('heading', { name: 'Excellent Focus!' })).toBeFocused()
  await expect(page.getByRole('button', { name: 'Next Step' })).toHaveCount(0)
  for (let index = 0; index < 4; index++) await expect(dots.nth(index)).toContainText('done')

  await page.clock.resume()
  await expectNoAxeViolations(page)
  await tabTo(page, page.getByRole('link', { name: 'Return to Dashboard' }))
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL('/dashboard')
})

test('movement: Next Phase skips ahead while stopped, then phases of 60, 120 and 30 s run through to Beautiful Movement!', async ({ page }) => {
  await openExercise(page, '/movement-exercise', 'Movement Exercise')
  const clock = page.getByRole('timer')
  await expect(page.getByRole('heading', { name: MOVEMENT_PHASES[0]!.title })).toBeVisible()
  await expect(clock).toHaveText('00:45')
  await expectNoAxeViolations(page)
  await pauseClock(page)

  await tabTo(page, page.getByRole('button', { name: 'Next Phase' }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: MOVEMENT_PHASES[1]!.title })).toBeVisible()
  await expect(clock).toHaveText('01:00')
  await page.clock.runFor(5_000)
  await expect(clock).toHaveText('01:00')

  await tabTo(page, page.getByRole('button', { name: 'Start Phase 2' }))
  await page.keyboard.press('Enter')
  await page.clock.runFor(60_000)
  await expect(page.getByRole('heading', { name: MOVEMENT_PHASES[2]!.title })).toBeVisible()
  await expect(page.getByText('Phase 3 of 4')).toBeVisible()
  await expect(clock).toHaveText('02:00')
  await page.clock.runFor(120_000)
  await expect(page.getByRole('heading', { name: MOVEMENT_PHASES[3]!.title })).toBeVisible()
  await expect(clock).toHaveText('00:30')
  await page.clock.runFor(29_750)
  await expect(clock).toHaveText('00:01')
  await page.clock.runFor(250)
  await expect(page.getByRole('heading', { name: 'Beautiful Movement!' })).toBeFocused()

  await page.clock.resume()
  await expectNoAxeViolations(page)
  await tabTo(page, page.getByRole('link', { name: 'Return to Dashboard' }))
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL('/dashboard')
})

test('movement: Next Phase on the last phase finishes the exercise', async ({ page }) => {
  await openExercise(page, '/movement-exercise', 'Movement Exercise')
  const next = page.getByRole('button', { name: 'Next Phase' })
  await tabTo(page, next)
  for (let phase = 1; phase < 4; phase++) await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: MOVEMENT_PHASES[3]!.title })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Start Phase 4' })).toBeVisible()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Beautiful Movement!' })).toBeFocused()
})

test('breathing: the bubble grows on the in-breath and shrinks on the out-breath every 4 s, then returns to the dashboard 3 s after 60 s', async ({ page }) => {
  await openExercise(page, '/breathing-bubble', 'Breathing Bubble')
  const prompt = page.getByText(/^(Ready to breathe|Breathe in\.\.\.|Breathe out\.\.\.)$/)
  const stage = page.locator('[data-phase]')
  const bubble = stage.locator('div[aria-hidden="true"]')
  await expect(prompt).toHaveText('Ready to breathe')
  await expect(page.getByRole('timer', { name: 'Time left' })).toHaveText('01:00')
  await expect(bubble).toHaveCSS('transition-duration', '4s')
  await expectNoAxeViolations(page)
  await pauseClock(page)

  await tabTo(page, page.getByRole('button', { name: 'Begin Breathing' }))
  await page.keyboard.press('Enter')
  await expect(prompt).toHaveText('Breathe in...')
  await expect(prompt).toBeFocused()
  await expect(stage).toHaveAttribute('data-phase', 'inhale')
  // The size eases over the breath in real time (the test's clock moves timers, not CSS transitions).
  await expect(bubble).toHaveCSS('scale', '1', { timeout: 10_000 })

  await page.clock.runFor(3_750)
  await expect(prompt).toHaveText('Breathe in...')
  await page.clock.runFor(250)
  await expect(prompt).toHaveText('Breathe out...')
  await expect(stage).toHaveAttribute('data-phase', 'exhale')
  await expect(bubble).toHaveCSS('scale', '0.55', { timeout: 10_000 })
  await page.clock.runFor(4_000)
  await expect(prompt).toHaveText('Breathe in...')

  await page.clock.runFor(51_750)
  await expect(page.getByRole('timer', { name: 'Time left' })).toHaveText('00:01')
  await expect(page.getByRole('heading', { name: 'Beautiful Breathing!' })).toHaveCount(0)
  await page.clock.runFor(250)
  await expect(page.getByRole('heading', { name: 'Beautiful Breathing!' })).toBeFocused()
  await page.clock.runFor(2_900)
  await expect(page).toHaveURL('/breathing-bubble')
  await page.clock.runFor(100)
  await expect(page).toHaveURL('/dashboard')
})

test('breathing with reduced motion: the bubble changes size without animating', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await openExercise(page, '/breathing-bubble', 'Breathing Bubble')
  const bubble = page.locator('[data-phase] div[aria-hidden="true"]')
  await expect(bubble).toHaveCSS('transition-property', 'none')
  await tabTo(page, page.getByRole('button', { name: 'Begin Breathing' }))
  await page.keyboard.press('Enter')
  await expect(bubble).toHaveCSS('scale', '1')
})

test('step quest: Log Steps waits for a number, alerts on an invalid one, and logs a valid one by keyboard', async ({ page }) => {
  await openExercise(page, '/step-quest', 'Step Quest')
  const alerts = collectAlerts(page)
  const steps = page.getByRole('spinbutton', { name: 'How many steps did you take?' })
  const logSteps = page.getByRole('button', { name: 'Log Steps' })
  await expect(steps).toHaveAttribute('min', '0')
  await expect(logSteps).toBeDisabled()
  await expectNoAxeViolations(page)

  await tabTo(page, steps)
  for (const invalid of ['-5', '2.5']) {
    await page.keyboard.press('Control+A')
    await page.keyboard.press('Backspace')
    await page.keyboard.type(invalid)
    await expect(logSteps).toBeEnabled()
    await page.keyboard.press('Enter')
  }
  await expect.poll(() => alerts).toEqual([PRACTICE_MESSAGES.steps, PRACTICE_MESSAGES.steps])
  await expect(steps).toHaveValue('2.5')
  await expect(page.getByText('Steps Logged!')).toHaveCount(0)

  await page.keyboard.press('Control+A')
  await page.keyboard.press('Backspace')
  await expect(logSteps).toBeDisabled()
  await page.keyboard.type('4200')
  await pauseClock(page)
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Steps Logged!' })).toBeFocused()
  await page.clock.runFor(1_900)
  await expect(page).toHaveURL('/step-quest')
  await page.clock.runFor(100)
  await expect(page).toHaveURL('/dashboard')
  expect(alerts).toHaveLength(2)
})

test('step quest: text the number field can’t read (1e, --) is not empty: Log Steps enables and ‘Please enter a valid number of steps’ answers it', async ({ page }) => {
  await openExercise(page, '/step-quest', 'Step Quest')
  const alerts = collectAlerts(page)
  const steps = page.getByRole('spinbutton', { name: 'How many steps did you take?' })
  const logSteps = page.getByRole('button', { name: 'Log Steps' })
  await expect(steps).toHaveAttribute('type', 'number')
  await expect(steps).toHaveAttribute('min', '0')

  await tabTo(page, steps)
  for (const [index, unreadable] of ['1e', '--'].entries()) {
    await page.keyboard.press('Control+A')
    await page.keyboard.press('Backspace')
    await expect(logSteps).toBeDisabled()
    await page.keyboard.type(unreadable)
    expect(await steps.evaluate((field: HTMLInputElement) => field.validity.badInput)).toBe(true)
    await expect(logSteps).toBeEnabled()
    await page.keyboard.press('Enter')
    await expect.poll(() => alerts).toHaveLength(index + 1)
  }
  expect(alerts).toEqual([PRACTICE_MESSAGES.steps, PRACTICE_MESSAGES.steps])
  await expect(page.getByText('Steps Logged!')).toHaveCount(0)

  // The text stays after the alert, for the user to correct; once readable, the entry logs.
  expect(await steps.evaluate((field: HTMLInputElement) => field.validity.badInput)).toBe(true)
  await page.keyboard.press('Control+A')
  await page.keyboard.type('3000')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Steps Logged!' })).toBeFocused()
  expect(alerts).toHaveLength(2)
})

const TEXT_LOGS = [
  {
    path: '/sensory-safari',
    heading: 'Sensory Safari',
    label: 'What can you see?',
    placeholder: 'Describe one thing you can SEE...',
    button: 'Log Observation',
    invalid: PRACTICE_MESSAGES.observation,
    success: 'Observation Recorded!',
  },
  {
    path: '/kindness-quest',
    heading: 'Kindness Quest',
    label: 'What act of kindness did you do?',
    placeholder: 'Describe your act of kindness...',
    button: 'Log Kindness',
    invalid: PRACTICE_MESSAGES.kindnessAct,
    success: 'Kindness Shared!',
  },
] as const

for (const exercise of TEXT_LOGS) {
  test(`${exercise.heading}: an empty entry gets its alert, a written one '${exercise.success}' and the dashboard 2 s later`, async ({ page }) => {
    await openExercise(page, exercise.path, exercise.heading)
    const alerts = collectAlerts(page)
    const field = page.getByRole('textbox', { name: exercise.label })
    const button = page.getByRole('button', { name: exercise.button })
    await expect(field).toHaveAttribute('placeholder', exercise.placeholder)
    await expectNoAxeViolations(page)

    await tabTo(page, button)
    await page.keyboard.press('Enter')
    await tabTo(page, field)
    await page.keyboard.type('   ')
    await page.keyboard.press('Enter')
    await tabTo(page, button)
    await page.keyboard.press('Enter')
    await expect.poll(() => alerts).toEqual([exercise.invalid, exercise.invalid])
    await expect(page.getByText(exercise.success)).toHaveCount(0)

    await tabTo(page, field)
    await page.keyboard.press('Control+A')
    await page.keyboard.type('The late sun on the brick wall, warm orange with long shadows')
    await tabTo(page, button)
    await pauseClock(page)
    await page.keyboard.press('Enter')
    await expect(page.getByRole('heading', { name: exercise.success })).toBeFocused()
    await page.clock.runFor(1_900)
    await expect(page).toHaveURL(exercise.path)
    await page.clock.runFor(100)
    await expect(page).toHaveURL('/dashboard')
    expect(alerts).toHaveLength(2)
  })
}

const SAVE_FAILURES = [
  { path: '/step-quest', label: 'How many steps did you take?', role: 'spinbutton', entry: '4200', log: { steps: 4200 }, alert: SAVE_FAILED_ALERTS.movement, success: 'Steps Logged!' },
  { path: '/sensory-safari', label: 'What can you see?', role: 'textbox', entry: 'A blue mug with a chip on its rim', log: { observation: 'A blue mug with a chip on its rim' }, alert: SAVE_FAILED_ALERTS.sensory, success: 'Observation Recorded!' },
  { path: '/kindness-quest', label: 'What act of kindness did you do?', role: 'textbox', entry: 'I called my grandmother', log: { kindnessAct: 'I called my grandmother' }, alert: SAVE_FAILED_ALERTS.kindness, success: 'Kindness Shared!' },
] as const

for (const exercise of SAVE_FAILURES) {
  test(`${exercise.path}: a failed save gets its save-failed alert and keeps the entry, so it can be sent again`, async ({ page }) => {
    await signInAsNewUser(page, 'save-failure')
    const sent: unknown[] = []
    let failing = true
    await page.route('**/api/practices/*/complete', async (route) => {
      sent.push(route.request().postDataJSON())
      if (failing) await route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'Something went wrong on our side.' } } })
      else await route.fulfill({ status: 200, json: { completed: true } })
    })
    const alerts = collectAlerts(page)
    // A practice that isn't found still leaves its form usable.
    await page.goto(`${exercise.path}?practice=${crypto.randomUUID()}`)
    const field = page.getByRole(exercise.role, { name: exercise.label })
    await tabTo(page, field)
    await page.keyboard.type(exercise.entry)
    await tabTo(page, page.getByRole('button', { name: /^Log / }))
    await page.keyboard.press('Enter')

    await expect.poll(() => alerts).toEqual([exercise.alert])
    await expect(field).toHaveValue(exercise.entry)
    await expect(page.getByText(exercise.success)).toHaveCount(0)
    await expect(page).toHaveURL(new RegExp(`${exercise.path}\\?practice=`))

    failing = false
    await tabTo(page, page.getByRole('button', { name: /^Log / }))
    await page.keyboard.press('Enter')
    await expect(page.getByRole('heading', { name: exercise.success })).toBeVisible()
    // Each send carries the moment it was done (docs/decisions/0046).
    const dated = { ...exercise.log, at: expect.any(String) }
    expect(sent).toEqual([dated, dated])
    expect(alerts).toHaveLength(1)
  })
}

/** A practice begun for exercise `number` of `path`, as the threshold begins one; its id goes in the exercise's address. */
async function startPractice(page: Page, path: string, number: number) {
  expect((await page.request.put('/api/journey/path', { data: { path } })).ok()).toBe(true)
  const started = await page.request.post('/api/practices', { data: { exercise: number } })
  expect(started.ok()).toBe(true)
  return ((await started.json()) as { practice: { id: string; title: string; destination: string } }).practice
}

async function completedAt(page: Page, practiceId: string) {
  const response = await page.request.get(`/api/practices/${practiceId}`)
  return ((await response.json()) as { practice: { completedAt: string | null } }).practice.completedAt
}

test('a practice from the path shows its own title, and finishing the timer records it without holding the user up', async ({ page }) => {
  await signInAsNewUser(page, 'meditation-practice')
  const practice = await startPractice(page, 'mind', 3)
  expect(practice.destination).toBe('/meditation-timer')
  await page.clock.install({ time: START })
  await page.goto(`${practice.destination}?practice=${practice.id}`)
  await expect(page.getByRole('heading', { level: 1, name: practice.title })).toBeVisible()
  expect(practice.title).not.toBe('Meditation Timer')
  expect(await completedAt(page, practice.id)).toBeNull()

  await tabTo(page, page.getByRole('button', { name: 'Start' }))
  await page.keyboard.press('Enter')
  await page.clock.runFor(300_000)
  await expect(page.getByRole('heading', { name: 'Well done!' })).toBeFocused()
  await expect.poll(() => completedAt(page, practice.id)).not.toBeNull()
})

test('a kindness practice from the path is completed once the act is logged, then the dashboard follows', async ({ page }) => {
  await signInAsNewUser(page, 'kindness-practice')
  const practice = await startPractice(page, 'connection', 1)
  expect(practice.destination).toBe('/kindness-quest')
  await page.goto(`${practice.destination}?practice=${practice.id}`)
  await expect(page.getByRole('heading', { level: 1, name: practice.title })).toBeVisible()
  await tabTo(page, page.getByRole('textbox', { name: 'What act of kindness did you do?' }))
  await page.keyboard.type('I left a thank-you note for our building cleaner')
  await tabTo(page, page.getByRole('button', { name: 'Log Kindness' }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Kindness Shared!' })).toBeFocused()
  expect(await completedAt(page, practice.id)).not.toBeNull()
  await expect(page).toHaveURL('/dashboard')
})

// ── The saves only logged (the timed exercises and breathing): the journey goes on, the save lands later ──────────

const COMPLETE = '**/api/practices/*/complete'

const signedInUserId = async (page: Page) => (await sessionUser(page))!.id

/** The completions kept on this device for `userId`, by practice id. */
async function pendingOnDevice(page: Page, userId: string) {
  const kept = await page.evaluate((key) => localStorage.getItem(key), `lumin.pendingCompletions.${userId}`)
  return kept === null ? null : (JSON.parse(kept) as Record<string, unknown>)
}

/** Signs this page's context in as `email`, on top of the session it has (which Better Auth checks for a same-site origin). */
async function signIn(page: Page, email: string) {
  const headers = { origin: new URL(page.url()).origin }
  expect((await page.request.post('/api/auth/sign-in/email', { headers, data: { email, password: PASSWORD } })).ok()).toBe(true)
}

/** Answers every completion with `status`, counting the requests. */
async function failCompletions(page: Page, status: number) {
  const sent = { count: 0 }
  await page.route(COMPLETE, (route) => {
    sent.count++
    return route.fulfill({ status, json: { error: { code: 'FAILED', message: `Failed with ${status}` } } })
  })
  return sent
}

/** Flow, the Energy path's timed movement, finished at once with Next Phase. */
async function finishFlow(page: Page, practiceId: string) {
  await page.clock.install({ time: START })
  await page.goto(`/movement-exercise?practice=${practiceId}`)
  const next = page.getByRole('button', { name: 'Next Phase' })
  await expect(next).toBeVisible()
  await pauseClock(page)
  await tabTo(page, next)
  for (let phase = 1; phase <= 4; phase++) await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Beautiful Movement!' })).toBeFocused()
}

test('breathing from the path: a failing save is logged, the dashboard still follows 3 s later, and the retry lands', async ({ page }) => {
  await signInAsNewUser(page, 'breathing-save')
  const userId = await signedInUserId(page)
  const practice = await startPractice(page, 'calm', 1)
  expect(practice.destination).toBe('/breathing-bubble')
  const warnings = collectWarnings(page)
  const sent = await failCompletions(page, 500)
  await page.clock.install({ time: START })
  await page.goto(`${practice.destination}?practice=${practice.id}`)
  await expect(page.getByRole('heading', { level: 1, name: practice.title })).toBeVisible()
  await pauseClock(page)

  await tabTo(page, page.getByRole('button', { name: 'Begin Breathing' }))
  await page.keyboard.press('Enter')
  await page.clock.runFor(60_000)
  await expect(page.getByRole('heading', { name: 'Beautiful Breathing!' })).toBeFocused()
  await expect.poll(() => sent.count).toBeGreaterThanOrEqual(1)
  await expect.poll(() => warnings.some((text) => text.includes('A practice could not be saved'))).toBe(true)
  expect(await pendingOnDevice(page, userId)).toEqual({ [practice.id]: { at: expect.any(String) } })
  // The failure is only logged; the user returns to the dashboard after 3 s all the same (docs/product.md#exercises).
  await page.clock.runFor(2_900)
  await expect(page).toHaveURL(/\/breathing-bubble\?practice=/)
  await page.clock.runFor(100)
  await expect(page).toHaveURL('/dashboard')
  expect(await completedAt(page, practice.id)).toBeNull()

  // The server is back: the next retry, with the same practice id, completes it and clears the device.
  await page.unroute(COMPLETE)
  await expect
    .poll(
      async () => {
        await page.clock.runFor(5_000)
        return completedAt(page, practice.id)
      },
      { timeout: 30_000, intervals: [100] },
    )
    .not.toBeNull()
  await expect.poll(() => pendingOnDevice(page, userId)).toBeNull()
})

test('a timed practice whose save keeps failing is kept on the device, and the shell sends it after a reload', async ({ page }) => {
  await signInAsNewUser(page, 'flow-save')
  const userId = await signedInUserId(page)
  const practice = await startPractice(page, 'energy', 2)
  expect(practice.destination).toBe('/movement-exercise')
  const sent = await failCompletions(page, 503)
  await finishFlow(page, practice.id)
  await expect.poll(() => sent.count).toBeGreaterThanOrEqual(1)
  expect(await pendingOnDevice(page, userId)).toEqual({ [practice.id]: { at: expect.any(String) } })
  expect(await completedAt(page, practice.id)).toBeNull()

  // The clock stands still, so this page's own retries wait; the reload ends them, and the shell takes over.
  await page.unroute(COMPLETE)
  await page.reload()
  await page.clock.resume()
  await expect.poll(() => completedAt(page, practice.id)).not.toBeNull()
  await expect.poll(() => pendingOnDevice(page, userId)).toBeNull()
})

test('a completion the expired session refuses (401) is kept for that user, not sent as another, and sent at their next sign-in', async ({ page }) => {
  const someoneElse = await createConfirmedUser(page, 'same-device')
  const email = await signInAsNewUser(page, 'expired-save')
  const userId = await signedInUserId(page)
  const practice = await startPractice(page, 'energy', 2)
  const warnings = collectWarnings(page)
  const sent = await failCompletions(page, 401)
  await finishFlow(page, practice.id)
  await expect.poll(() => warnings.some((text) => text.includes('kept on this device'))).toBe(true)
  expect(await pendingOnDevice(page, userId)).toEqual({ [practice.id]: { at: expect.any(String) } })
  // No more tries until the user is signed in again.
  await page.clock.runFor(120_000)
  expect(sent.count).toBe(1)
  expect(await pendingOnDevice(page, userId)).toEqual({ [practice.id]: { at: expect.any(String) } })
  await page.unroute(COMPLETE)
  await page.clock.resume()

  // Someone else signs in on this device: their session doesn't touch it.
  await signIn(page, someoneElse)
  const otherId = await signedInUserId(page)
  const othersRequests: string[] = []
  page.on('request', (request) => {
    if (request.url().endsWith('/complete')) othersRequests.push(request.url())
  })
  await page.goto('/dashboard')
  // A new user with no path yet; by the time the dashboard shows, the shell has looked for this user's completions.
  await expect(page.getByRole('heading', { level: 1, name: 'Choose Your Path' })).toBeVisible()
  expect(await pendingOnDevice(page, otherId)).toBeNull()
  expect(await pendingOnDevice(page, userId)).toEqual({ [practice.id]: { at: expect.any(String) } })
  expect(othersRequests).toEqual([])

  // The user signs in again: the shell sends it.
  await signIn(page, email)
  await page.reload()
  await expect.poll(() => completedAt(page, practice.id)).not.toBeNull()
  await expect.poll(() => pendingOnDevice(page, userId)).toBeNull()
})

test('a completion the server refuses for good (404) is dropped from the device', async ({ page }) => {
  await signInAsNewUser(page, 'refused-save')
  const userId = await signedInUserId(page)
  const practice = await startPractice(page, 'energy', 2)
  const warnings = collectWarnings(page)
  const sent = await failCompletions(page, 404)
  await finishFlow(page, practice.id)
  await expect.poll(() => warnings.some((text) => text.includes('the server refused it'))).toBe(true)
  await expect.poll(() => pendingOnDevice(page, userId)).toBeNull()
  await page.clock.runFor(120_000)
  expect(sent.count).toBe(1)
})
