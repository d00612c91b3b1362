import type { Locator, Page } from '@playwright/test'
import { FOCUS_STEPS, MOVEMENT_PHASES } from '../../src/core/exercises'
import { expect, expectNoAxeViolations, expectNoAxeViolationsWhilePaused, signInAsNewUser, tabTo, test } from './fixtures'

/**
 * Issue 13 §4, §3 and §5 on a phone: each practice has a picture of its own, movement pauses, the meditation's Reset
 * waits for a start, the chime follows the audio setting, and the breathing prompt never crosses the bubble's edge.
 */
test.use({ viewport: { width: 390, height: 844 } })

const START = new Date('2026-11-23T09:00:00')
const PAUSED_AT = new Date(START.getTime() + 60 * 60_000)

const FOCUS_PICTURES = [
  'A point of light resting above a still horizon',
  'A point of light with one soft ring around it, like a breath',
  'A path that wanders off and curves back to the point of light',
  'A point of light with wide rings opening around it',
]
const MOVEMENT_PICTURES = [
  'A figure rolling its shoulders',
  'A figure reaching up with both arms',
  'A figure dancing, one arm up and one knee lifted',
  'A figure standing still, breathing slowly',
]
const LOG_PICTURES = [
  { path: '/step-quest', heading: 'Step Quest', picture: 'Footsteps along a winding path', prompt: 'Head out for a walk' },
  { path: '/sensory-safari', heading: 'Sensory Safari', picture: 'An open eye, taking in the light', prompt: 'Pause and look around you slowly' },
  { path: '/kindness-quest', heading: 'Kindness Quest', picture: 'A warm heart with sparks of light around it', prompt: 'Do one kind thing today' },
]

async function openExercise(page: Page, path: string, heading: string) {
  await page.clock.install({ time: START })
  await page.goto(path)
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
}

/** The CSS animations (not a bar's short transitions) running inside `locator`, by name. */
function animationsIn(locator: Locator) {
  return locator.evaluate((element) =>
    element
      .getAnimations({ subtree: true })
      .filter((animation) => animation instanceof CSSAnimation && animation.playState === 'running')
      .map((animation) => (animation as CSSAnimation).animationName),
  )
}

async function box(locator: Locator) {
  const found = await locator.boundingBox()
  expect(found).not.toBeNull()
  return found!
}

test('the meditation’s time sits inside a ring that fills as it goes and breathes only while it runs; Reset waits for a start', async ({ page }) => {
  await signInAsNewUser(page, 'visual-meditation')
  await openExercise(page, '/meditation-timer', 'Meditation Timer')
  const ring = page.getByRole('progressbar', { name: 'Meditation progress' })
  const clock = page.getByRole('timer', { name: 'Time remaining' })
  const halo = ring.locator('..')
  const ringBox = await box(ring)
  const clockBox = await box(clock)
  // Round, wide enough to read across a room, and the time inside it.
  expect(ringBox.width).toBeGreaterThanOrEqual(280)
  expect(ringBox.height).toBeCloseTo(ringBox.width, 0)
  expect(clockBox.x).toBeGreaterThan(ringBox.x)
  expect(clockBox.x + clockBox.width).toBeLessThan(ringBox.x + ringBox.width)
  expect(clockBox.height).toBeGreaterThanOrEqual(60)
  await expect(page.getByRole('button', { name: 'Reset' })).toHaveCount(0)
  expect(await animationsIn(halo)).toEqual([])
  await expectNoAxeViolations(page)
  await page.clock.pauseAt(PAUSED_AT)

  await tabTo(page, page.getByRole('button', { name: 'Start' }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('button', { name: 'Reset' })).toBeVisible()
  await expect.poll(() => animationsIn(halo)).toContain('practice-breathe')
  await page.clock.runFor(60_000)
  await expect(ring).toHaveAttribute('aria-valuenow', '20')
  await expectNoAxeViolationsWhilePaused(page)

  // Paused, the halo holds still and Reset stays.
  await page.keyboard.press('Space')
  await expect(page.getByRole('button', { name: 'Resume' })).toBeFocused()
  await expect.poll(() => animationsIn(halo)).toEqual([])
  await expect(page.getByRole('button', { name: 'Reset' })).toBeVisible()

  // Reset takes the timer back to its start, and goes away with nothing left to reset; the keyboard lands on Start.
  await tabTo(page, page.getByRole('button', { name: 'Reset' }))
  await page.keyboard.press('Enter')
  await expect(clock).toHaveText('05:00')
  await expect(ring).toHaveAttribute('aria-valuenow', '0')
  await expect(page.getByRole('button', { name: 'Reset' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Start' })).toBeFocused()
})

test('focus shows a steady point of light for each step, which never moves', async ({ page }) => {
  await signInAsNewUser(page, 'visual-focus')
  await openExercise(page, '/focus-exercise', 'Focus Exercise')
  const next = page.getByRole('button', { name: 'Next Step' })
  await expectNoAxeViolations(page)
  await tabTo(page, page.getByRole('button', { name: 'Start Step 1' }))
  await page.keyboard.press('Enter')
  await expect(next).toBeFocused()
  for (const [index, picture] of FOCUS_PICTURES.entries()) {
    await expect(page.getByRole('heading', { level: 2, name: FOCUS_STEPS[index]!.title })).toBeVisible()
    const light = page.getByRole('img', { name: picture })
    await expect(light).toBeVisible()
    expect(await animationsIn(light)).toEqual([])
    if (index < FOCUS_PICTURES.length - 1) await page.keyboard.press('Enter')
  }
})

test('movement shows a figure per phase, and pauses and resumes by keyboard with the time frozen in between', async ({ page }) => {
  await signInAsNewUser(page, 'visual-movement')
  await openExercise(page, '/movement-exercise', 'Movement Exercise')
  const clock = page.getByRole('timer')
  const progress = page.getByRole('progressbar', { name: /^Phase \d progress$/ })
  const figure = page.getByRole('img', { name: MOVEMENT_PICTURES[0] })
  await expect(figure).toBeVisible()
  await expect(clock).toHaveText('00:45')
  await expect(page.getByRole('button', { name: 'Pause' })).toHaveCount(0)
  expect(await animationsIn(figure)).toEqual([])
  await expectNoAxeViolations(page)
  await page.clock.pauseAt(PAUSED_AT)

  // Start becomes Pause in place, so the keyboard stays on it.
  await tabTo(page, page.getByRole('button', { name: 'Start Phase 1' }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('button', { name: 'Pause' })).toBeFocused()
  await expect.poll(() => animationsIn(figure)).toContain('practice-sway')
  await page.clock.runFor(9_000)
  await expect(clock).toHaveText('00:36')
  await expect(progress).toHaveAttribute('aria-valuenow', '20')

  await page.keyboard.press('Space')
  await expect(page.getByRole('button', { name: 'Resume' })).toBeFocused()
  await expect(page.getByText('Paused. Resume when you are ready.')).toBeVisible()
  await page.clock.runFor(10 * 60_000)
  await expect(clock).toHaveText('00:36')
  await expect(progress).toHaveAttribute('aria-valuenow', '20')
  await expect.poll(() => animationsIn(figure)).toEqual([])
  await expectNoAxeViolationsWhilePaused(page)

  // Next Phase while paused loads the next phase's time and keeps it waiting.
  await tabTo(page, page.getByRole('button', { name: 'Next Phase' }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('img', { name: MOVEMENT_PICTURES[1] })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: MOVEMENT_PHASES[1]!.title })).toBeVisible()
  await expect(clock).toHaveText('01:00')
  await page.clock.runFor(30_000)
  await expect(clock).toHaveText('01:00')

  await tabTo(page, page.getByRole('button', { name: 'Resume' }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('button', { name: 'Pause' })).toBeFocused()
  await expect(page.getByText('Paused. Resume when you are ready.')).toHaveCount(0)
  await page.clock.runFor(1_000)
  await expect(clock).toHaveText('00:59')
  await page.clock.runFor(59_000)
  await expect(page.getByRole('img', { name: MOVEMENT_PICTURES[2] })).toBeVisible()
  await page.clock.runFor(120_000)
  await expect(page.getByRole('img', { name: MOVEMENT_PICTURES[3] })).toBeVisible()
  await page.clock.runFor(30_000)
  await expect(page.getByRole('heading', { name: 'Beautiful Movement!' })).toBeFocused()
})

for (const log of LOG_PICTURES) {
  test(`${log.heading} shows its prompt in a card with a picture of its own`, async ({ page }) => {
    await signInAsNewUser(page, 'visual-log')
    await openExercise(page, log.path, log.heading)
    const picture = page.getByRole('img', { name: log.picture })
    await expect(picture).toBeVisible()
    const prompt = page.getByText(log.prompt)
    await expect(prompt).toBeVisible()
    // The picture sits above its prompt, in the same card.
    const card = picture.locator('..')
    await expect(card.getByText(log.prompt)).toBeVisible()
    expect((await box(picture)).y).toBeLessThan((await box(prompt)).y)
    expect(await animationsIn(card)).toEqual([])
    await expectNoAxeViolations(page)
  })
}

/** Replaces Web Audio with a recorder of the notes started, and sets the member's audio choice before the app loads. */
async function listenForChimes(page: Page, audio: 'on' | 'off') {
  await page.addInitScript((choice) => {
    const heard: number[] = []
    const param = { setValueAtTime() {}, linearRampToValueAtTime() {}, exponentialRampToValueAtTime() {} }
    class RecordingAudioContext {
      state = 'running'
      currentTime = 0
      destination = {}
      resume() {
        return Promise.resolve()
      }
      createOscillator() {
        let hz = 0
        return {
          frequency: { ...param, setValueAtTime: (value: number) => (hz = value) },
          connect: (node: unknown) => node,
          start: () => heard.push(hz),
          stop() {},
        }
      }
      createGain() {
        return { gain: param, connect: (node: unknown) => node }
      }
    }
    Object.assign(window, { AudioContext: RecordingAudioContext, heardChimes: heard })
    localStorage.setItem('lumin.audio', choice)
  }, audio)
  return () => page.evaluate(() => (window as unknown as { heardChimes: number[] }).heardChimes)
}

test('with audio on, a soft chime opens and closes a timed practice', async ({ page }) => {
  await signInAsNewUser(page, 'chime-on')
  const heard = await listenForChimes(page, 'on')
  await openExercise(page, '/breathing-bubble', 'Breathing Bubble')
  await page.clock.pauseAt(PAUSED_AT)
  expect(await heard()).toEqual([])
  await tabTo(page, page.getByRole('button', { name: 'Begin Breathing' }))
  await page.keyboard.press('Enter')
  await expect.poll(heard).toEqual([660])
  await page.clock.runFor(59_000)
  expect(await heard()).toEqual([660])
  await page.clock.runFor(1_000)
  await expect(page.getByRole('heading', { name: 'Beautiful Breathing!' })).toBeFocused()
  await expect.poll(heard).toEqual([660, 660, 495])
})

test('with audio off, a timed practice stays silent from start to end', async ({ page }) => {
  await signInAsNewUser(page, 'chime-off')
  const heard = await listenForChimes(page, 'off')
  await openExercise(page, '/movement-exercise', 'Movement Exercise')
  await page.clock.pauseAt(PAUSED_AT)
  await tabTo(page, page.getByRole('button', { name: 'Start Phase 1' }))
  await page.keyboard.press('Enter')
  await page.clock.runFor(255_000)
  await expect(page.getByRole('heading', { name: 'Beautiful Movement!' })).toBeFocused()
  expect(await heard()).toEqual([])
})

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`at ${viewport.width} px the breathing prompt sits beneath the bubble at its smallest and its largest`, async ({ page }) => {
    await page.setViewportSize(viewport)
    await signInAsNewUser(page, 'bubble-pill')
    await openExercise(page, '/breathing-bubble', 'Breathing Bubble')
    const bubble = page.locator('[data-phase] > div[aria-hidden="true"]')
    const prompt = page.getByText(/^(Ready to breathe|Breathe in\.\.\.|Breathe out\.\.\.)$/)

    /** The prompt's pill lies wholly below the bubble as drawn now (its box includes its scale), and inside the page. */
    async function expectBeneath() {
      const drawn = await box(bubble)
      const pill = await box(prompt)
      expect(pill.y).toBeGreaterThanOrEqual(drawn.y + drawn.height)
      expect(pill.x).toBeGreaterThanOrEqual(0)
      expect(pill.x + pill.width).toBeLessThanOrEqual(viewport.width)
    }

    await expect(bubble).toHaveCSS('scale', '0.55')
    await expectBeneath()
    await page.clock.pauseAt(PAUSED_AT)
    await tabTo(page, page.getByRole('button', { name: 'Begin Breathing' }))
    await page.keyboard.press('Enter')
    await expect(prompt).toHaveText('Breathe in...')
    // The bubble eases to its full size in real time (the test's clock moves timers, not CSS transitions).
    await expect(bubble).toHaveCSS('scale', '1', { timeout: 10_000 })
    await expect.poll(async () => (await box(bubble)).width, { timeout: 10_000 }).toBeGreaterThanOrEqual(viewport.width < 640 ? 255 : 319)
    await expectBeneath()
    await page.clock.runFor(4_000)
    await expect(prompt).toHaveText('Breathe out...')
    await expect.poll(async () => (await box(bubble)).width, { timeout: 10_000 }).toBeLessThanOrEqual(viewport.width < 640 ? 141 : 177)
    await expectBeneath()
  })
}
