import type { Locator, Page } from '@playwright/test'
import { BADGE_GAP_MS, BADGES_RETURN_MS, BADGES_START_MS } from '../../src/core/timings'
import { CLOCK_STEP, collectWarnings, expect, expectNoAxeViolations, expectNoAxeViolationsWhilePaused, MARGIN, READ_TIME, signInAsNewUser, stepUntilVisible, test } from './fixtures'

const START = new Date('2026-11-23T09:00:00')
/** How far each timing check stands from the moment it probes, in ms: wider than the steps of stepUntilVisible. */

const input = (page: Page) => page.getByRole('textbox', { name: 'Your message to Olo' })
const orb = (page: Page) => page.getByRole('region', { name: 'Olo' })
/** Every message of the chat, shown or folded away. */
const transcriptItems = (page: Page) => page.locator('[aria-label="Conversation with Olo"] > li')
const createdCard = (page: Page) => page.getByRole('region', { name: 'Goal Created!' })
const overlay = (page: Page) => page.getByRole('dialog', { name: 'Creating Your Achievement Badges' })
const tile = (page: Page, tier: string) => overlay(page).getByRole('listitem').filter({ hasText: tier })
const goalCard = (page: Page, title: string) => page.getByRole('article', { name: title })

/** Sends a message once Olo has had its say, and waits for Olo's reply to land. */
async function tell(page: Page, text: string) {
  await page.clock.runFor(READ_TIME)
  await expect(input(page)).toBeEnabled()
  const before = await transcriptItems(page).count()
  await input(page).fill(text)
  await input(page).press('Enter')
  await expect(transcriptItems(page)).toHaveCount(Math.max(before, 1) + 2)
}

async function categoryId(page: Page, name: string) {
  const { categories } = (await (await page.request.get('/api/goals/categories')).json()) as { categories: { id: number; name: string }[] }
  return categories.find((category) => category.name === name)!.id
}

/** Creates a goal as the chat does, through the API; its badges are drawn as it earns their tiers. */
async function createGoalThroughApi(page: Page, wish = 'I want to run 100 km in 3 months', category = 'Health & Fitness') {
  const started = await page.request.post('/api/goals/chats', { data: { categoryId: await categoryId(page, category) } })
  expect(started.status()).toBe(201)
  const { conversationId } = (await started.json()) as { conversationId: string }
  const reply = await page.request.post(`/api/conversations/${conversationId}/messages`, { data: { id: crypto.randomUUID(), content: wish } })
  expect(reply.ok()).toBe(true)
  await reply.text()
  const { goal } = (await (await page.request.get(`/api/goals/chats/${conversationId}`)).json()) as { goal: { id: string; title: string } }
  return goal
}

/** A badge image that really loaded and drew. */
async function expectImageLoaded(image: Locator) {
  await expect(image).toBeVisible()
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => (element.complete ? element.naturalWidth : 0))).toBeGreaterThan(0)
}

function orbList(page: Page) {
  return page.getByRole('list', { name: 'Your dimensions' }).getByRole('listitem')
}

async function expectOrb(page: Page, label: string, percent: number) {
  await expect(orbList(page).filter({ hasText: label })).toHaveText(new RegExp(`^${label}\\s*${percent}%$`))
}

test('a goal made with the offline Olo from the category modal, by keyboard: the created card, four badges in turn, and back', async ({ page }) => {
  await page.clock.install({ time: START })
  await signInAsNewUser(page, 'goals')
  await page.goto('/achievements-goals')
  await expect(page.getByRole('heading', { name: 'Life Goals & Achievements' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'No Goals Yet' })).toBeVisible()

  // The modal by keyboard: focus goes in, Escape closes it and gives focus back, Tab stays inside.
  const create = page.getByRole('button', { name: 'Create New Goal with Olo' })
  await create.focus()
  await page.keyboard.press('Enter')
  const modal = page.getByRole('dialog', { name: 'Choose a Goal Category' })
  const firstTile = modal.getByRole('button', { name: /^Adventure & Travel/ })
  await expect(firstTile).toBeFocused()
  await expect(modal.getByRole('button')).toHaveCount(9)
  await expect(modal.getByRole('button', { name: /^Health & Fitness/ })).toContainText('Move more, sleep better')
  await page.keyboard.press('Escape')
  await expect(modal).toBeHidden()
  await expect(create).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(firstTile).toBeFocused()
  await page.keyboard.press('Shift+Tab')
  await expect(modal.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(firstTile).toBeFocused()
  await page.keyboard.press('Tab')
  await page.keyboard.press('Tab')
  await expect(modal.getByRole('button', { name: /^Health & Fitness/ })).toBeFocused()
  await page.keyboard.press('Enter')

  // The chat: the conversation's id joins the address, so a reload resumes this chat.
  await expect(page).toHaveURL(/\/goal-chat\?category=\d+&conversation=[0-9a-f-]{36}$/)
  await expect(page.getByRole('heading', { name: 'Goal Creation with Olo' })).toBeVisible()
  await expect(page.getByRole('main').getByText('Health & Fitness')).toBeVisible()
  await expect(orb(page)).toContainText(/Let's turn something you care about/)
  // This server has no voice, so audio starts off: nothing is spoken and the box is free at once.
  await expect(page.getByRole('button', { name: 'Audio off' })).toBeVisible()
  await expect(input(page)).toBeEnabled()
  await expectNoAxeViolations(page)

  // From here the clock stands still, so only the time the test lets pass counts.
  await page.clock.pauseAt(new Date((await page.evaluate(() => Date.now())) + 500))
  await input(page).fill('I want to run 100 km in 3 months')
  await input(page).press('Enter')
  await stepUntilVisible(page, createdCard(page))
  const card = createdCard(page)
  await expect(card.getByRole('heading', { name: 'Run 100 km' })).toBeVisible()
  await expect(card).toContainText('Health & Fitness')
  await expect(card).toContainText('You want to run 100 km within 3 months')
  await expect(card.getByRole('definition').first()).toHaveText('100 km')
  await expect(card).toContainText('Suggested timeframe: 90 days')
  await expect(input(page)).toHaveCount(0)
  await expectNoAxeViolationsWhilePaused(page)

  // The badges start 1 s after the goal shows (docs/product.md#goal-chat).
  await page.clock.runFor(BADGES_START_MS - CLOCK_STEP - MARGIN)
  await expect(overlay(page)).toBeHidden()
  await page.clock.runFor(2 * MARGIN)
  await expect(overlay(page)).toBeVisible()
  await expect(overlay(page)).toHaveAttribute('aria-modal', 'true')
  await expect(tile(page, 'Bronze')).toContainText('Generated')
  await expect(overlay(page).getByText('Generated 1 of 4 badges...')).toBeVisible()
  await expect(tile(page, 'Silver')).toContainText('Waiting')
  await expectNoAxeViolationsWhilePaused(page)

  // One request at a time, 1 s apart. A response lands at some moment of the step that let its request go, so the
  // checks stand a little wider here.
  for (const [index, tier] of (['Silver', 'Gold', 'Diamond'] as const).entries()) {
    await page.clock.runFor(BADGE_GAP_MS - 3 * MARGIN)
    await expect(tile(page, tier)).toContainText('Waiting')
    await page.clock.runFor(4 * MARGIN)
    await expect(tile(page, tier)).toContainText('Generated')
    await expect(overlay(page).getByText(`Generated ${index + 2} of 4 badges...`)).toBeVisible()
  }
  await expect(overlay(page).getByRole('listitem').filter({ hasText: 'Generated' })).toHaveCount(4)
  await expect(overlay(page)).toContainText('Taking you back to your goals...')

  // Back to the goals 8 s after the last request ended.
  await page.clock.runFor(BADGES_RETURN_MS - 3 * MARGIN)
  await expect(page).toHaveURL(/\/goal-chat\?/)
  await page.clock.runFor(4 * MARGIN)
  await expect(page).toHaveURL(/\/achievements-goals$/)
  await page.clock.resume()
  const goal = goalCard(page, 'Run 100 km')
  await expect(goal).toBeVisible()
  await expect(goal).toContainText('Health & Fitness')
  await expect(goal).toContainText('In Progress')
  await expect(goal).toContainText('0%')
  await expect(goal).toContainText('0 / 100 km')
  await expect(goal).toContainText(/Target date: \w+/)
  await expect(page.getByRole('heading', { name: 'No Goals Yet' })).toHaveCount(0)
})

test('progress saved on blur shows at once, earns Bronze and Silver with their badges, and lights the Body orb', async ({ page }) => {
  await signInAsNewUser(page, 'progress')
  await createGoalThroughApi(page)
  await page.goto('/weekly-dashboard')
  await expectOrb(page, 'Body', 0)

  await page.goto('/achievements-goals')
  const goal = goalCard(page, 'Run 100 km')
  const field = goal.getByRole('spinbutton', { name: 'Update progress (km) for Run 100 km' })
  await expect(field).toHaveValue('0')
  await expect(field).toHaveAttribute('min', '0')
  await expect(field).toHaveAttribute('max', '100')
  await expect(field).toHaveAttribute('step', 'any')
  await field.fill('60')
  await field.blur()
  await expect(goal).toContainText('60%')
  await expect(goal).toContainText('60 / 100 km')
  await expect(goal.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '60')
  await expect(goal.getByRole('status')).toContainText('You earned Bronze and Silver!')
  await expectNoAxeViolations(page)
  // The moment of earning them (wins.spec.ts) closes and leaves the goals as they were.
  await page.getByRole('dialog', { name: 'You earned Silver!' }).getByRole('button', { name: 'Close' }).click()

  // The Achievements tab, by arrow key.
  await page.getByRole('tab', { name: 'Goals' }).focus()
  await page.keyboard.press('ArrowRight')
  const achievementsTab = page.getByRole('tab', { name: 'Achievements' })
  await expect(achievementsTab).toBeFocused()
  await expect(achievementsTab).toHaveAttribute('aria-selected', 'true')
  await expect(page).toHaveURL(/\?tab=achievements$/)
  const cards = page.getByRole('tabpanel', { name: 'Achievements' }).getByRole('article')
  await expect(cards).toHaveCount(2)
  for (const tier of ['Bronze', 'Silver']) {
    const card = cards.filter({ hasText: tier })
    await expect(card.getByRole('heading', { name: 'Run 100 km' })).toBeVisible()
    await expect(card).toContainText('You want to run 100 km within 3 months')
    // 'Top x.x%' once 20 members have a goal in the category; this run's journeys may have made fewer.
    await expect(card).toContainText(/Top \d{1,2}\.\d%|One of the first to earn it/)
    await expect(card).toContainText(/Earned \w+/)
    await expectImageLoaded(card.getByRole('img', { name: `${tier} badge for Run 100 km` }))
  }
  await expectNoAxeViolations(page)

  // The weekly home's Body orb, through the side menu: half the goal's progress (docs/product.md#orbs).
  await page.getByRole('button', { name: 'Open menu' }).click()
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Weekly Dashboard' }).click()
  await expect(page).toHaveURL(/\/weekly-dashboard$/)
  await expectOrb(page, 'Body', 30)

  // A non-number counts as 0, and lowering progress takes no achievement away.
  await page.goto('/achievements-goals')
  await goal.getByRole('spinbutton').fill('')
  await goal.getByRole('spinbutton').blur()
  await expect(goal.getByRole('spinbutton')).toHaveValue('0')
  await expect(goal).toContainText('0 / 100 km')
  // Above the target is kept to the target, which completes the goal and earns the last two tiers.
  await goal.getByRole('spinbutton').fill('250')
  await goal.getByRole('spinbutton').press('Enter')
  await expect(goal).toContainText('100 / 100 km')
  await expect(goal).toContainText('Complete')
  await expect(goal.getByRole('spinbutton')).toHaveCount(0)
  await expect(goal.getByRole('status')).toContainText('You earned Gold and Diamond!')
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog', { name: 'You earned Diamond!' })).toHaveCount(0)
  await goal.getByRole('button', { name: 'See your achievements' }).click()
  await expect(page.getByRole('tabpanel', { name: 'Achievements' }).getByRole('article')).toHaveCount(4)
})

test('a badge that fails is skipped and logged, the chat still returns to the goals, and the badge is drawn when its tier is earned', async ({ page }) => {
  await page.clock.install({ time: START })
  await signInAsNewUser(page, 'badge-fail')
  const warnings = collectWarnings(page)
  // The overlay's request for Silver's locked design fails; the achievement card's badge, later, has its own address.
  await page.route('**/api/goals/*/badges/Silver/locked', (route) => route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'down' } } }))
  await page.goto('/achievements-goals')
  await page.getByRole('button', { name: 'Create New Goal with Olo' }).click()
  await page.getByRole('dialog', { name: 'Choose a Goal Category' }).getByRole('button', { name: /^Health & Fitness/ }).click()
  await expect(orb(page)).toContainText(/Let's turn something you care about/)

  // While a request runs, the orb says 'Thinking...' and the input waits.
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/api/conversations/*/messages', async (route) => {
    await held
    await route.continue()
  })
  await page.clock.runFor(READ_TIME)
  await input(page).fill('I want to run more')
  await input(page).press('Enter')
  await expect(orb(page).getByRole('status')).toHaveText('Thinking...')
  await expect(input(page)).toBeDisabled()
  await expect(page.getByText('Olo is thinking...')).toBeVisible()
  await expect(page.getByText('Please wait for Olo to finish speaking...')).toHaveCount(0)
  release()
  await expect(orb(page)).toContainText('How many kilometres would you like to run')
  await page.unroute('**/api/conversations/*/messages')
  await page.getByRole('button', { name: 'Show the conversation' }).click()
  await expect(page.getByRole('list', { name: 'Conversation with Olo' })).toContainText('You: I want to run more')

  await tell(page, '100 km')
  await expect(orb(page)).toContainText('By when would you like to get there')
  await tell(page, 'in 3 months')
  await expect(createdCard(page)).toContainText('Suggested timeframe: 90 days')

  await page.clock.runFor(BADGES_START_MS)
  await expect(tile(page, 'Bronze')).toContainText('Generated')
  await page.clock.runFor(BADGE_GAP_MS)
  await expect(tile(page, 'Silver')).toContainText('Skipped')
  await page.clock.runFor(BADGE_GAP_MS)
  await expect(tile(page, 'Gold')).toContainText('Generated')
  await page.clock.runFor(BADGE_GAP_MS)
  await expect(tile(page, 'Diamond')).toContainText('Generated')
  await expect(overlay(page).getByText('Generated 3 of 4 badges...')).toBeVisible()
  expect(warnings.some((text) => text.includes('The Silver badge could not be made'))).toBe(true)
  await page.clock.runFor(BADGES_RETURN_MS)
  await expect(page).toHaveURL(/\/achievements-goals$/)

  const field = goalCard(page, 'Run 100 km').getByRole('spinbutton')
  await field.fill('50')
  await field.blur()
  await expect(goalCard(page, 'Run 100 km').getByRole('status')).toContainText('You earned Bronze and Silver!')
  await page.getByRole('dialog', { name: 'You earned Silver!' }).getByRole('button', { name: 'Close' }).click()
  await page.getByRole('tab', { name: 'Achievements' }).click()
  const panel = page.getByRole('tabpanel', { name: 'Achievements' })
  await expectImageLoaded(panel.locator('img[alt="Bronze badge for Run 100 km"]'))
  // The skipped badge is drawn by the server once its tier is earned.
  await expectImageLoaded(panel.locator('img[alt="Silver badge for Run 100 km"]'))
  await expectNoAxeViolations(page)
})

test('a goals fetch that fails keeps the screen, is logged, and the goals show once the retry succeeds', async ({ page }) => {
  await signInAsNewUser(page, 'fetch-fail')
  await createGoalThroughApi(page)
  const warnings = collectWarnings(page)
  let calls = 0
  await page.route('**/api/goals', (route) => {
    if (route.request().method() !== 'GET') return route.continue()
    calls++
    return calls === 1 ? route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'down' } } }) : route.continue()
  })
  await page.goto('/achievements-goals')
  await expect(page.getByRole('heading', { name: 'Life Goals & Achievements' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Create New Goal with Olo' })).toBeVisible()
  await expect(goalCard(page, 'Run 100 km')).toBeVisible()
  expect(calls).toBeGreaterThanOrEqual(2)
  expect(warnings.some((text) => text.includes('Could not load your goals'))).toBe(true)
  await expect(page.getByRole('alert')).toHaveCount(0)
  await expect(page.getByText('Something went wrong')).toHaveCount(0)
})

test('the goal chat without a category goes back to the goals', async ({ page }) => {
  await signInAsNewUser(page, 'no-category')
  for (const address of ['/goal-chat', '/goal-chat?category=abc', '/goal-chat?category=0', '/goal-chat?category=9999']) {
    await page.goto(address)
    await expect(page).toHaveURL(/\/achievements-goals$/)
    await expect(page.getByRole('heading', { name: 'Life Goals & Achievements' })).toBeVisible()
  }
})

test('the empty goals screen: both tabs by keyboard, the modal’s Cancel, and no axe violations', async ({ page }) => {
  await signInAsNewUser(page, 'empty')
  await page.goto('/achievements-goals')
  await expect(page.getByRole('heading', { name: 'No Goals Yet' })).toBeVisible()
  await expectNoAxeViolations(page)

  const goalsTab = page.getByRole('tab', { name: 'Goals' })
  await goalsTab.focus()
  await page.keyboard.press('ArrowLeft')
  const achievementsTab = page.getByRole('tab', { name: 'Achievements' })
  await expect(achievementsTab).toBeFocused()
  await expect(page.getByRole('heading', { name: 'No Achievements Yet' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'No Goals Yet' })).toBeHidden()
  await expectNoAxeViolations(page)
  await page.reload()
  await expect(page.getByRole('heading', { name: 'No Achievements Yet' })).toBeVisible()
  await achievementsTab.focus()
  await page.keyboard.press('Home')
  await expect(goalsTab).toBeFocused()
  await expect(goalsTab).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('heading', { name: 'No Goals Yet' })).toBeVisible()

  const create = page.getByRole('button', { name: 'Create New Goal with Olo' })
  await create.click()
  const modal = page.getByRole('dialog', { name: 'Choose a Goal Category' })
  await expect(modal.getByRole('button', { name: /^Home & Family/ })).toBeVisible()
  await expectNoAxeViolations(page)
  await modal.getByRole('button', { name: 'Cancel' }).click()
  await expect(modal).toBeHidden()
  await expect(create).toBeFocused()
  await expect(page).toHaveURL(/\/achievements-goals$/)
})

test('a crisis message in the goal chat shows the help card, and a reload resumes the same chat', async ({ page }) => {
  await page.clock.install({ time: START })
  await signInAsNewUser(page, 'goal-crisis')
  let starts = 0
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/goals/chats')) starts++
  })
  await page.goto(`/goal-chat?category=${await categoryId(page, 'Relationships')}`)
  await expect(page).toHaveURL(/&conversation=[0-9a-f-]{36}$/)
  const address = page.url()
  await expect(page.getByRole('main').getByText('Relationships')).toBeVisible()
  await tell(page, 'honestly I want to kill myself')
  const help = page.getByRole('region', { name: 'You deserve support right now' })
  await expect(help).toBeVisible()
  await expect(help).toContainText('988')
  await expect(input(page)).toBeVisible()

  await page.reload()
  await expect(page.getByRole('region', { name: 'You deserve support right now' })).toBeVisible()
  expect(page.url()).toBe(address)
  await expect(transcriptItems(page)).toHaveCount(3)
  await expect(transcriptItems(page).nth(1)).toContainText('honestly I want to kill myself')
  expect(starts).toBe(1)
  await page.clock.runFor(READ_TIME)
  await expectNoAxeViolations(page)
})

test('a chat that can’t start, or a message that can’t be sent, says so and tries again', async ({ page }) => {
  await signInAsNewUser(page, 'goal-start')
  let failStart = true
  await page.route('**/api/goals/chats', (route) =>
    failStart ? route.fulfill({ status: 503, json: { error: { code: 'UNAVAILABLE', message: 'down' } } }) : route.continue(),
  )
  await page.goto(`/goal-chat?category=${await categoryId(page, 'Money')}`)
  const panel = page.getByRole('alert').filter({ hasText: 'Something went wrong' })
  await expect(panel).toContainText('Failed to start conversation with Olo. Please try again.')
  await expect(page.getByText('Failed to initialize conversation: 503')).toBeVisible()
  await expect(panel.getByRole('link', { name: 'Back to Goals' })).toHaveAttribute('href', '/achievements-goals')
  await expectNoAxeViolations(page)

  failStart = false
  await panel.getByRole('button', { name: 'Try Again' }).click()
  await expect(orb(page)).toContainText(/Let's turn something you care about/)
  await expect(page).toHaveURL(/&conversation=[0-9a-f-]{36}$/)

  // With audio off the input is free at once; the first send fails, Try Again sends the same message.
  let failSend = true
  await page.route('**/api/conversations/*/messages', (route) =>
    failSend ? route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'down' } } }) : route.continue(),
  )
  await expect(page.getByRole('button', { name: 'Audio off' })).toBeVisible()
  await expect(input(page)).toBeEnabled()
  await input(page).fill('I want to save €5,000 in six weeks')
  await input(page).press('Enter')
  const sendPanel = page.getByRole('alert').filter({ hasText: 'Something went wrong' })
  await expect(sendPanel).toContainText('Failed to send message. Please try again.')
  await expect(sendPanel.getByRole('link', { name: 'Back to Goals' })).toBeVisible()
  await expectNoAxeViolations(page)
  failSend = false
  await sendPanel.getByRole('button', { name: 'Try Again' }).click()
  await expect(createdCard(page).getByRole('heading', { name: 'Save 5,000 euros' })).toBeVisible()
  await expect(createdCard(page)).toContainText('Suggested timeframe: 42 days')
})
