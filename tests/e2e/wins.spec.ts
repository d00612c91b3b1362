import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { BADGES_START_MS, BREATHING_SECONDS, BREATHING_REDIRECT_MS, LOG_REDIRECT_MS, WIN_TOAST_MS } from '../../src/core/timings'
import { createMember, expect, expectNoAxeViolations, expectNoAxeViolationsWhilePaused, MARGIN, signInAsNewUser, stepUntilVisible, test } from './fixtures'

/**
 * Wins that feel like wins (decision 0019), on a phone: a finished practice shows what it earned on its completion
 * screen and again on the dashboard it returns to; a free practice says it isn't part of the path and earns nothing;
 * a progress update that earns a tier is a moment of its own, a fade when the person asks for less motion.
 */
const START = new Date('2026-11-23T09:00:00')
test.use({ viewport: { width: 390, height: 844 } })

const steps = (page: Page) => page.getByRole('list', { name: 'Journey steps' }).getByRole('listitem')
const points = (page: Page) => page.getByText('Lumin Points', { exact: true }).locator('..')
const toast = (page: Page) => page.getByRole('status').filter({ hasText: /points|Practice complete/ })

async function choosePath(page: Page, path: string) {
  expect((await page.request.put('/api/journey/path', { data: { path } })).ok()).toBe(true)
}

/** The animation a node runs now: its name, or 'none'. */
const animationOf = (locator: Locator) => locator.evaluate((element) => `${getComputedStyle(element).animationName} ${getComputedStyle(element).animationDuration}`)

test('a finished practice shows +10 points, the lit step and the way to the next level, then greets the dashboard with the same news once', async ({ page }) => {
  await page.clock.install({ time: START })
  await signInAsNewUser(page, 'wins')
  await choosePath(page, 'calm')
  await page.goto('/dashboard')
  await page.getByRole('link', { name: 'Continue Your Path' }).click()
  await page.getByRole('link', { name: 'Skip and continue to exercise' }).click()
  await expect(page).toHaveURL(/\/breathing-bubble\?practice=[0-9a-f-]{36}$/)
  // A practice of the path says nothing about being free.
  await expect(page.getByText("A free practice: it isn't part of your path")).toHaveCount(0)

  // Held still from here, so the screenshots and checks take no time off the redirect delay: only runFor moves it.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000))
  await page.getByRole('button', { name: 'Begin Breathing' }).click()
  await page.clock.runFor(BREATHING_SECONDS * 1000)
  const doneAt = await page.evaluate(() => Date.now())
  const finish = page.getByRole('region', { name: 'Beautiful Breathing!' })
  await expect(finish.getByRole('heading', { name: 'Beautiful Breathing!' })).toBeFocused()
  // The save's answer lands through the query cache's timers.
  await stepUntilVisible(page, finish.getByText('+10 points'))
  await expect(finish.getByText('Step 1 of 3 lit on your path')).toBeVisible()
  await expect(finish.getByText('10 of 100 points to level 2')).toBeVisible()
  await expect(finish.getByRole('progressbar', { name: 'Progress to level 2' })).toHaveAttribute('aria-valuenow', '10')
  // The completion screen's own words stay (docs/product.md#exercises).
  await expect(finish.getByText('Taking you back to your dashboard...')).toBeVisible()
  await expect(finish.getByRole('link', { name: 'Return to Dashboard' })).toBeVisible()
  await expectNoAxeViolationsWhilePaused(page)

  // The 3 s of docs/product.md#timings, not a moment longer: the dashboard takes the news over.
  const sinceDone = async () => (await page.evaluate(() => Date.now())) - doneAt
  await page.clock.runFor(BREATHING_REDIRECT_MS - MARGIN - (await sinceDone()))
  await expect(page).toHaveURL(/\/breathing-bubble/)
  await page.clock.runFor(2 * MARGIN)
  await expect(page).toHaveURL(/\/dashboard$/)
  await stepUntilVisible(page, toast(page))
  await expect(toast(page)).toHaveText('+10 points · Step 1 of 3 lit on your Calm path')
  // The journey's refresh lands through the query cache's timers too.
  await stepUntilVisible(page, steps(page).first().getByText('Complete'))
  await expect(points(page)).toHaveText(/Lumin Points\s*10$/)
  const lit = steps(page).first().locator('[data-lit]')
  await expect(lit).toHaveAttribute('data-lit', 'just now')
  expect(await animationOf(lit)).toMatch(/^step-lit /)
  await expectNoAxeViolationsWhilePaused(page)
  await page.clock.resume()

  // The toast goes by its button (and on its own after a few seconds); going back and forth doesn't bring it back.
  await toast(page).getByRole('button', { name: 'Dismiss' }).click()
  await expect(toast(page)).toHaveCount(0)
  await page.goBack()
  await page.goForward()
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(steps(page).first()).toContainText('Complete')
  await expect(toast(page)).toHaveCount(0)
  await page.reload()
  await expect(steps(page).first()).toContainText('Complete')
  await expect(toast(page)).toHaveCount(0)
})

test('the toast hides on its own, a repeated step earns nothing and says so, and reduced motion keeps the lit step still', async ({ page }) => {
  await page.clock.install({ time: START })
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await signInAsNewUser(page, 'wins-again')
  await choosePath(page, 'energy')
  for (const round of [1, 2]) {
    await page.goto('/threshold/1')
    await page.getByRole('link', { name: 'Skip and continue to exercise' }).click()
    await page.getByRole('spinbutton', { name: 'How many steps did you take?' }).fill('4200')
    await page.getByRole('button', { name: 'Log Steps' }).click()
    const finish = page.getByRole('region', { name: 'Steps Logged!' })
    if (round === 1) {
      await expect(finish.getByText('+10 points')).toBeVisible()
      await expect(finish.getByText('Step 1 of 3 lit on your path')).toBeVisible()
    } else {
      await expect(finish.getByText('Step 1 was already lit: this one was just for you')).toBeVisible()
      await expect(finish.getByText('+10 points')).toHaveCount(0)
    }
    await page.clock.runFor(LOG_REDIRECT_MS)
    await expect(page).toHaveURL(/\/dashboard$/)
    if (round === 1) {
      await expect(toast(page)).toContainText('+10 points')
      // No movement: the lit step's animation has no duration.
      expect(await animationOf(steps(page).first().locator('[data-lit]'))).toMatch(/ 0s$/)
      await page.clock.runFor(WIN_TOAST_MS)
      await expect(toast(page)).toHaveCount(0)
    } else {
      await expect(toast(page)).toHaveText('Practice complete: this one was just for you')
    }
  }
  await expect(points(page)).toHaveText(/Lumin Points\s*10$/)
})

test('a practice opened outside the path says it is free before it starts and celebrates no points at its end', async ({ page }) => {
  await page.clock.install({ time: START })
  await signInAsNewUser(page, 'wins-free')
  await choosePath(page, 'calm')
  await page.goto('/breathing-bubble')
  await expect(page.getByText("A free practice: it isn't part of your path")).toBeVisible()
  await expectNoAxeViolations(page)
  await page.getByRole('button', { name: 'Begin Breathing' }).click()
  await page.clock.runFor(BREATHING_SECONDS * 1000)
  const finish = page.getByRole('region', { name: 'Beautiful Breathing!' })
  await expect(finish).toContainText("A free practice: it isn't part of your path, so it adds no points.")
  await expect(finish.getByText(/\+\d+ points/)).toHaveCount(0)
  await expect(finish.getByText(/lit on your path/)).toHaveCount(0)
  await page.clock.runFor(BREATHING_REDIRECT_MS)
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(points(page)).toHaveText(/Lumin Points\s*0$/)
  await expect(steps(page).first()).toContainText('Up next')
  await expect(toast(page)).toHaveCount(0)
})

test('the journey steps use the phone’s width and “Continue Lighthouse Focus” fits on one line at 390 px', async ({ page }) => {
  await signInAsNewUser(page, 'wins-width')
  await choosePath(page, 'mind')
  expect((await page.request.put('/api/journey/assessment', { data: { focused: 40, energised: 60, calm: 70 } })).ok()).toBe(true)
  const started = await page.request.post('/api/practices', { data: { exercise: 1 } })
  const { practice } = (await started.json()) as { practice: { id: string } }
  expect((await page.request.post(`/api/practices/${practice.id}/complete`, { data: {} })).ok()).toBe(true)
  await page.goto('/dashboard')

  const resume = page.getByRole('link', { name: 'Continue Lighthouse Focus' })
  // The lines its words sit on: the distinct tops of their boxes.
  const lines = await resume.evaluate((element) => {
    const tops = new Set<number>()
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange()
      range.selectNodeContents(node)
      for (const rect of range.getClientRects()) if (rect.width > 0) tops.add(Math.round(rect.top))
    }
    return tops.size
  })
  expect(lines).toBe(1)
  // Its arrow keeps its size beside the words, inside the button.
  const arrow = (await resume.locator('svg').boundingBox())!
  expect(arrow.width).toBeGreaterThanOrEqual(19)
  const button = (await resume.boundingBox())!
  expect(arrow.x + arrow.width).toBeLessThanOrEqual(button.x + button.width - 8)

  // Each step's description runs under its name at the card's width, not in a narrow column beside it.
  const step = steps(page).nth(1)
  const description = step.locator('p').last()
  const stepBox = (await step.boundingBox())!
  const descriptionBox = (await description.boundingBox())!
  expect(descriptionBox.width).toBeGreaterThan(stepBox.width - 40)
})

async function categoryId(request: APIRequestContext, name: string) {
  const { categories } = (await (await request.get('/api/goals/categories')).json()) as { categories: { id: number; name: string }[] }
  return categories.find((category) => category.name === name)!.id
}

/** A goal made as the chat makes it, through the API, by default in a category few members of this test run have a goal in. */
async function createGoal(request: APIRequestContext, category = 'Adventure & Travel') {
  const started = await request.post('/api/goals/chats', { data: { categoryId: await categoryId(request, category) } })
  expect(started.status()).toBe(201)
  const { conversationId } = (await started.json()) as { conversationId: string }
  const reply = await request.post(`/api/conversations/${conversationId}/messages`, { data: { id: crypto.randomUUID(), content: 'I want to run 100 km in 3 months' } })
  expect(reply.ok()).toBe(true)
  await reply.text()
  const { goal } = (await (await request.get(`/api/goals/chats/${conversationId}`)).json()) as { goal: { id: string; title: string } }
  return goal
}

for (const motion of ['no-preference', 'reduce'] as const) {
  test(`earning Bronze is a moment of its own: the badge large, its words, focus and Escape (${motion === 'reduce' ? 'reduced motion: a fade' : 'a rise and a shimmer'})`, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: motion })
    await signInAsNewUser(page, 'wins-badge')
    await createGoal(page.request)
    await page.goto('/achievements-goals')
    const goal = page.getByRole('article', { name: 'Run 100 km' })
    const field = goal.getByRole('spinbutton', { name: 'Update progress (km) for Run 100 km' })
    await field.fill('30')
    await field.press('Tab')

    const moment = page.getByRole('dialog', { name: 'You earned Bronze!' })
    await expect(moment).toBeVisible()
    await expect(moment).toBeFocused()
    await expect(moment.getByRole('img', { name: 'Bronze badge for Run 100 km' })).toBeVisible()
    await expect(moment).toContainText('For “Run 100 km”')
    // Fewer than 20 members have a goal in the category: no percentile yet, and no 'Top 100.0%'.
    await expect(moment).toContainText('One of the first to earn it')
    await expect(moment).not.toContainText('Top 100.0%')
    const badge = moment.getByTestId('badge-moment-badge')
    expect(await animationOf(badge)).toMatch(motion === 'reduce' ? /^still-fade-in 0\.7s$/ : /^badge-rise 0\.7s$/)
    await expectNoAxeViolations(page)

    // Tab stays inside; Escape closes and the page is there again.
    await page.keyboard.press('Tab')
    await expect(moment.getByRole('button', { name: 'See your achievements' })).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(moment.getByRole('button', { name: 'Close' })).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(moment.getByRole('button', { name: 'See your achievements' })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(moment).toHaveCount(0)
    await expect(goal.getByRole('status')).toContainText('You earned Bronze!')

    // The next tier's moment leads to the achievements, where the card reads the same.
    await field.fill('50')
    await field.press('Enter')
    await page.getByRole('dialog', { name: 'You earned Silver!' }).getByRole('button', { name: 'See your achievements' }).click()
    await expect(page).toHaveURL(/\?tab=achievements$/)
    const cards = page.getByRole('tabpanel', { name: 'Achievements' }).getByRole('article')
    await expect(cards).toHaveCount(2)
    for (const card of await cards.all()) await expect(card).toContainText('One of the first to earn it')
    await expectNoAxeViolations(page)
  })
}

test('once 20 members have a goal in the category, the badge moment reads Top x.x%', async ({ page, playwright }, testInfo) => {
  test.setTimeout(120_000)
  const creativity = 'Creativity'
  // Twenty members, each from an address of their own, each with a goal in a category no other journey uses.
  for (let member = 0; member < 20; member++) {
    const other = await playwright.request.newContext({
      baseURL: testInfo.project.use.baseURL,
      extraHTTPHeaders: { 'x-real-ip': `10.250.${testInfo.retry}.${member + 1}` },
    })
    await createMember(other, { label: `cohort-${member}` })
    await createGoal(other, creativity)
    await other.dispose()
  }

  await signInAsNewUser(page, 'wins-cohort')
  await createGoal(page.request, creativity)
  await page.goto('/achievements-goals')
  const field = page.getByRole('article', { name: 'Run 100 km' }).getByRole('spinbutton', { name: 'Update progress (km) for Run 100 km' })
  await field.fill('30')
  await field.press('Tab')
  const moment = page.getByRole('dialog', { name: 'You earned Bronze!' })
  await expect(moment).toContainText(/Top \d{1,2}\.\d%/)
  await expect(moment).not.toContainText('One of the first to earn it')
  await expectNoAxeViolations(page)
})

/**
 * The colour the page shows at a point of an image, as drawn from the image the element holds (what the member sees),
 * not fetched again: red, green and blue from 0 to 255. (128, 40) lies inside every tier's shape, above its icon.
 */
const colourOf = (image: Locator) =>
  image.evaluate((element: HTMLImageElement) => {
    const canvas = document.createElement('canvas')
    canvas.width = element.naturalWidth
    canvas.height = element.naturalHeight
    const context = canvas.getContext('2d')!
    context.drawImage(element, 0, 0)
    const [red, green, blue] = context.getImageData(128, 40, 1, 1).data
    return { red: red!, green: green!, blue: blue! }
  })

test('the Bronze moment shows the earned badge, in bronze, even after its locked design was shown on the same page', async ({ page }) => {
  await page.clock.install({ time: START })
  await signInAsNewUser(page, 'wins-earned-art')
  await page.goto('/achievements-goals')
  await page.getByRole('button', { name: 'Create New Goal with Olo' }).click()
  await page.getByRole('dialog', { name: 'Choose a Goal Category' }).getByRole('button', { name: /^Adventure & Travel/ }).click()
  const input = page.getByRole('textbox', { name: 'Your message to Olo' })
  await expect(input).toBeEnabled()
  await input.fill('I want to run 100 km in 3 months')
  await input.press('Enter')
  await expect(page.getByRole('region', { name: 'Goal Created!' })).toBeVisible()

  // The badges' overlay shows each tier's locked design, Bronze's among them, in grey.
  await page.clock.runFor(BADGES_START_MS)
  const overlay = page.getByRole('dialog', { name: 'Creating Your Achievement Badges' })
  const lockedBronze = overlay.getByRole('listitem').filter({ hasText: 'Bronze' }).locator('img')
  await expect(lockedBronze).toBeVisible()
  await expect.poll(() => lockedBronze.evaluate((element: HTMLImageElement) => (element.complete ? element.naturalWidth : 0))).toBeGreaterThan(0)
  const grey = await colourOf(lockedBronze)
  expect(Math.abs(grey.red - grey.blue)).toBeLessThan(40)
  const lockedAddress = await lockedBronze.getAttribute('src')

  // Back on the goals, in the same page: the goal earns Bronze.
  await expect
    .poll(
      async () => {
        await page.clock.runFor(1000)
        return new URL(page.url()).pathname
      },
      { timeout: 30_000 },
    )
    .toBe('/achievements-goals')
  await page.clock.resume()
  const field = page.getByRole('article', { name: 'Run 100 km' }).getByRole('spinbutton', { name: 'Update progress (km) for Run 100 km' })
  await field.fill('30')
  await field.press('Tab')
  const moment = page.getByRole('dialog', { name: 'You earned Bronze!' })
  const earned = moment.getByRole('img', { name: 'Bronze badge for Run 100 km' })
  await expect(earned).toBeVisible()
  expect(await earned.getAttribute('src')).not.toBe(lockedAddress)
  await expect.poll(() => earned.evaluate((element: HTMLImageElement) => (element.complete ? element.naturalWidth : 0))).toBeGreaterThan(0)
  // Bronze's own colours: a warm orange, far from the locked design's grey.
  const bronze = await colourOf(earned)
  expect(bronze.red - bronze.blue).toBeGreaterThan(80)
  await page.screenshot({ path: test.info().outputPath('bronze-moment-390.png') })
})

test('the +10 points pill is never covered by the glow of the step it lit', async ({ page }) => {
  await page.clock.install({ time: START })
  await signInAsNewUser(page, 'wins-pill')
  await choosePath(page, 'calm')
  await page.goto('/threshold/1')
  await page.getByRole('link', { name: 'Skip and continue to exercise' }).click()
  await page.getByRole('button', { name: 'Begin Breathing' }).click()
  await page.clock.runFor(BREATHING_SECONDS * 1000)
  const finish = page.getByRole('region', { name: 'Beautiful Breathing!' })
  const pill = finish.getByText('+10 points')
  await expect(pill).toBeVisible()
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000))

  // The pill as it stands once every animation has ended, then at moments of the lit step's glow, held still: the
  // same pixels each time, so the glow never reaches it.
  const lit = finish.locator('.animate-step-lit')
  await expect(lit).toHaveCount(1)
  // Nothing scrolls between the pictures: the page's light behind the pill stays where it is.
  await finish.scrollIntoViewIfNeeded()
  await page.evaluate(() => document.getAnimations().forEach((animation) => animation.finish()))
  const settled = await pill.screenshot()
  for (const share of [0.2, 0.4, 0.6, 0.8, 0.95]) {
    await lit.evaluate((element, at) => {
      for (const animation of element.getAnimations()) {
        animation.pause()
        animation.currentTime = at * Number(animation.effect!.getComputedTiming().duration)
      }
    }, share)
    expect(await pill.screenshot(), `the pill at ${share * 100}% of the glow`).toEqual(settled)
  }
})
