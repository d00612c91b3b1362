import type { Page, Route } from '@playwright/test'
import { BADGES_START_MS, BREATH_PHASE_SECONDS } from '../../src/core/timings'
import { createMember, expect, READ_TIME, signInAsNewUser, test } from './fixtures'

/**
 * Every animation respects prefers-reduced-motion (docs/product.md#accessibility). With it asked for, each animated
 * screen is checked once it has settled: no Web Animation (CSS or script) runs, and no element's styles would animate
 * or transition.
 */
test.use({ reducedMotion: 'reduce' })

const START = new Date('2026-11-23T09:00:00')

/** The animations running on the page now, CSS or script, named so a failure says which. */
function runningAnimations(page: Page) {
  return page.evaluate(() =>
    document
      .getAnimations()
      .filter((animation) => animation.playState === 'running' && Number(animation.effect?.getComputedTiming().activeDuration) > 0)
      .map((animation) => {
        const name = animation instanceof CSSAnimation ? animation.animationName : animation instanceof CSSTransition ? `transition of ${animation.transitionProperty}` : 'script animation'
        const target = animation.effect instanceof KeyframeEffect ? animation.effect.target : null
        return `${name} on ${target?.tagName.toLowerCase()}.${target?.getAttribute('class')?.slice(0, 60)}`
      }),
  )
}

/** Elements whose computed styles would animate, or transition when they change. */
function elementsSetToMove(page: Page) {
  return page.evaluate(() => {
    const lasts = (durations: string) => durations.split(',').some((duration) => parseFloat(duration) > 0)
    const moving: string[] = []
    for (const element of document.querySelectorAll('body *')) {
      const style = getComputedStyle(element)
      const what = `${element.tagName.toLowerCase()}.${element.getAttribute('class')?.slice(0, 60)}`
      if (style.animationName !== 'none' && lasts(style.animationDuration)) moving.push(`animation ${style.animationName} on ${what}`)
      if (style.transitionProperty !== 'none' && lasts(style.transitionDuration)) moving.push(`transition of ${style.transitionProperty} on ${what}`)
    }
    return moving
  })
}

async function expectStill(page: Page) {
  expect(await runningAnimations(page)).toEqual([])
  expect(await elementsSetToMove(page)).toEqual([])
}

/**
 * The control: with the preference lifted, the screen as it is does move (so expectStill could fail here), and asked
 * for again, the motion stops at once, without a reload.
 */
async function expectMotionOnlyWhenAllowed(page: Page) {
  await page.emulateMedia({ reducedMotion: 'no-preference' })
  await expect
    .poll(async () => {
      await page.clock.runFor(250)
      return (await runningAnimations(page)).length
    })
    .toBeGreaterThan(0)
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await expect.poll(() => runningAnimations(page)).toEqual([])
  await expectStill(page)
}

/** Holds the requests `matches` picks until the returned function is called. */
async function hold(page: Page, matches: (url: URL) => boolean) {
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(matches, async (route: Route) => {
    await held
    await route.fallback()
  })
  return release
}

test('the landing intro and onboarding hold still: no ping, no breathing orbs, no fades or slides', async ({ page }) => {
  await page.clock.install({ time: START })
  // Paused before the page loads, so the intro's beats come only when the test moves the clock.
  await page.clock.pauseAt(new Date(START.getTime() + 60_000))
  await page.goto('/')
  const captions = page.locator('[aria-live="polite"]')
  await expect(captions).toContainText('This is you')
  await expectStill(page)
  await page.clock.runFor(3_100)
  await expect(page.getByRole('list', { name: 'The seven dimensions' })).toBeVisible()
  await expectStill(page)
  // Each beat's timer is set once the one before has shown, so the clock moves a beat at a time.
  await page.clock.runFor(5_000)
  await page.clock.runFor(3_000)
  const begin = page.getByRole('link', { name: 'Begin the Journey' })
  // Fully there at once, where it would otherwise fade up.
  await expect(begin.locator('..')).toHaveCSS('opacity', '1')
  await expectStill(page)
  await expectMotionOnlyWhenAllowed(page)

  await begin.click()
  await expect(page.getByRole('heading', { name: 'Welcome to Lumin' })).toBeVisible()
  await expectStill(page)
  await expectMotionOnlyWhenAllowed(page)
  await page.getByRole('button', { name: 'Continue' }).click()
  for (const dimension of ['Heart', 'Mind', 'Spirit']) await page.getByRole('button', { name: new RegExp(`^${dimension}`) }).click()
  await expectStill(page)
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByRole('radio', { name: /^Peace/ }).click()
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByRole('heading', { name: 'Your top dimensions' })).toBeVisible()
  await expectStill(page)
  await expectMotionOnlyWhenAllowed(page)
})

test('the weekly home holds still: its loading shapes, lit orbs, Olo’s intro and the menu', async ({ page }) => {
  await page.clock.install({ time: START })
  await signInAsNewUser(page, 'still-weekly')
  // A practice done, so orbs are lit: lit orbs breathe where motion is welcome.
  expect((await page.request.put('/api/journey/path', { data: { path: 'calm' } })).ok()).toBe(true)
  const begun = await page.request.post('/api/practices', { data: { exercise: 'next' } })
  const { practice } = (await begun.json()) as { practice: { id: string } }
  expect((await page.request.post(`/api/practices/${practice.id}/complete`, { data: {} })).ok()).toBe(true)

  const release = await hold(page, (url) => url.pathname === '/api/weekly')
  await page.goto('/weekly-dashboard')
  await expect(page.getByText('Loading your week...')).toBeAttached()
  await expectStill(page)
  await expectMotionOnlyWhenAllowed(page)
  release()

  await expect(page.getByText("Hi, I'm Olo, your AI guide.")).toBeVisible()
  await expect(page.getByRole('list', { name: 'Your dimensions' }).getByRole('listitem').filter({ hasText: /[1-9]\d*%$/ }).first()).toBeVisible()
  await expectStill(page)
  await page.clock.runFor(READ_TIME)
  await expect(page.getByRole('link', { name: 'Start Weekly Recap' })).toHaveCSS('opacity', '1')
  await expectStill(page)
  await expectMotionOnlyWhenAllowed(page)

  await page.getByRole('button', { name: 'Open menu' }).click()
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible()
  await expectStill(page)
})

test('a chat with Olo and the breathing bubble hold still: typing dots, the hand-over glow and the bubble', async ({ page }) => {
  await page.clock.install({ time: START })
  await signInAsNewUser(page, 'still-practice')
  expect((await page.request.put('/api/journey/path', { data: { path: 'calm' } })).ok()).toBe(true)
  await page.goto('/threshold/next')
  await expect(page.getByText('Preparing for Breathing Bubble')).toBeVisible()
  await expectStill(page)
  await page.clock.runFor(READ_TIME)

  const release = await hold(page, (url) => url.pathname.endsWith('/messages'))
  const input = page.getByRole('textbox', { name: 'Your message to Olo' })
  await input.fill('I want to feel calmer and let go of the day')
  await input.press('Enter')
  await expect(page.getByText('Olo is typing')).toBeAttached()
  await expectStill(page)
  await expectMotionOnlyWhenAllowed(page)
  release()

  await expect(page.getByRole('status').filter({ hasText: /Olo speaks|Preparing your journey/ })).toBeVisible()
  await expectStill(page)
  await expectMotionOnlyWhenAllowed(page)
  await expect
    .poll(
      async () => {
        await page.clock.runFor(1000)
        return page.url()
      },
      { timeout: 20_000 },
    )
    .toMatch(/\/breathing-bubble\?practice=/)

  await expect(page.getByRole('heading', { level: 1, name: 'Breathing Bubble' })).toBeVisible()
  await page.getByRole('button', { name: 'Begin Breathing' }).click()
  const bubble = page.locator('[data-phase]')
  await expect(bubble).toHaveAttribute('data-phase', 'inhale')
  await page.clock.runFor(BREATH_PHASE_SECONDS * 1000)
  await expect(bubble).toHaveAttribute('data-phase', 'exhale')
  // The bubble is at its out-breath size at once rather than easing there.
  await expect(bubble.locator('div')).toHaveCSS('scale', /^(0\.55|55%)/)
  await expectStill(page)
  await expectMotionOnlyWhenAllowed(page)
})

test('the practices hold still: the meditation’s breathing ring and the movement figure, running or paused', async ({ page }) => {
  await page.clock.install({ time: START })
  await signInAsNewUser(page, 'still-practices')
  await page.goto('/meditation-timer')
  await page.getByRole('button', { name: 'Start' }).click()
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible()
  await page.clock.runFor(2_000)
  await expectStill(page)
  await expectMotionOnlyWhenAllowed(page)

  await page.goto('/movement-exercise')
  await page.getByRole('button', { name: 'Start Phase 1' }).click()
  await expect(page.getByRole('img', { name: 'A figure rolling its shoulders' })).toBeVisible()
  await page.clock.runFor(2_000)
  await expectStill(page)
  await expectMotionOnlyWhenAllowed(page)
  await page.getByRole('button', { name: 'Pause' }).click()
  await expectStill(page)

  for (const path of ['/focus-exercise', '/step-quest', '/sensory-safari', '/kindness-quest']) {
    await page.goto(path)
    await expect(page.getByRole('img')).toBeVisible()
    await expectStill(page)
  }
})

test('the goal chat’s orb, the category dialog and the badge overlay hold still', async ({ page }) => {
  await page.clock.install({ time: START })
  await signInAsNewUser(page, 'still-goal')
  await page.goto('/achievements-goals')
  await page.getByRole('button', { name: 'Create New Goal with Olo' }).click()
  const modal = page.getByRole('dialog', { name: 'Choose a Goal Category' })
  await expect(modal.getByRole('button', { name: /^Health & Fitness/ })).toBeVisible()
  await expectStill(page)
  await modal.getByRole('button', { name: /^Health & Fitness/ }).click()

  await expect(page.getByRole('region', { name: 'Olo' })).toContainText(/Let's turn something you care about/)
  await expectStill(page)
  await expectMotionOnlyWhenAllowed(page)
  await page.clock.runFor(READ_TIME)

  // Silver's badge is held, so the overlay stays with a badge being made.
  const release = await hold(page, (url) => url.pathname.endsWith('/badges/Silver/locked'))
  const input = page.getByRole('textbox', { name: 'Your message to Olo' })
  await input.fill('I want to run 100 km in 3 months')
  await input.press('Enter')
  await expect(page.getByRole('region', { name: 'Goal Created!' })).toBeVisible()
  await expectStill(page)
  await page.clock.runFor(BADGES_START_MS)
  const overlay = page.getByRole('dialog', { name: 'Creating Your Achievement Badges' })
  await expect
    .poll(async () => {
      await page.clock.runFor(250)
      return overlay.getByRole('listitem').filter({ hasText: 'Silver' }).textContent()
    })
    .toContain('Generating...')
  await expect(overlay).toHaveCSS('opacity', '1')
  await expectStill(page)
  await expectMotionOnlyWhenAllowed(page)
  release()
})

test('the calendar holds still: the month, a chosen day and the year in pixels', async ({ page }) => {
  const yesterday = new Date(Date.now() - 24 * 60 * 60_000).toISOString().slice(0, 10)
  const history = { timeZone: 'UTC', days: [{ date: yesterday, checkIns: [{ mood: 'good' as const }], practices: [{ path: 'calm' as const }], journal: true }] }
  await createMember(page.request, { label: 'still-calendar', history })
  await page.goto(`/calendar?month=${yesterday.slice(0, 7)}`)
  await page.locator(`[data-date="${yesterday}"]`).click()
  await expect(page.getByRole('list', { name: 'Practices' })).toBeVisible()
  await expectStill(page)
  await page.getByRole('button', { name: 'Year', exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: 'with a check-in' })).toBeVisible()
  await expectStill(page)
})
