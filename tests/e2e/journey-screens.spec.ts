import type { Page } from '@playwright/test'
import { QUEST_REDIRECT_MS } from '../../src/core/timings'
import { expect, expectNoAxeViolations, expectNoAxeViolationsWhilePaused, MARGIN, signInAsNewUser, stepUntilVisible, test } from './fixtures'


/** What a finished practice of each game type logs (docs/product.md#practice-logs); the others log nothing. */
const LOGS: Record<string, object> = {
  movement: { steps: 4200 },
  sensory: { observation: 'A red door with peeling paint' },
  kindness: { kindnessAct: 'Carried a neighbour’s shopping upstairs' },
}

/** Does exercise `exercise` of the user's path the way the threshold and the exercise screen do, through the API. */
async function completeExercise(page: Page, exercise: number) {
  const started = await page.request.post('/api/practices', { data: { exercise } })
  expect(started.ok()).toBe(true)
  const { practice } = (await started.json()) as { practice: { id: string; minigame: { gameType: string } } }
  const done = await page.request.post(`/api/practices/${practice.id}/complete`, { data: LOGS[practice.minigame.gameType] ?? {} })
  expect(done.ok()).toBe(true)
}

async function choosePathByApi(page: Page, path: string) {
  expect((await page.request.put('/api/journey/path', { data: { path } })).ok()).toBe(true)
}

async function saveAssessmentByApi(page: Page) {
  expect((await page.request.put('/api/journey/assessment', { data: { focused: 40, energised: 60, calm: 70 } })).ok()).toBe(true)
}

function steps(page: Page) {
  return page.getByRole('list', { name: 'Journey steps' }).getByRole('listitem')
}

function stat(page: Page, term: string) {
  return page.getByText(term, { exact: true }).locator('..')
}

function pathCards(page: Page) {
  return page.getByRole('list', { name: 'Paths' }).locator('> li')
}

function pathCard(page: Page, title: string) {
  return pathCards(page).filter({ has: page.getByRole('heading', { name: title, exact: true }) })
}

const serverError = { status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'INTERNAL', message: 'Something broke.' } }) }

test('a newcomer explores the paths, chooses one, and the dashboard shows its steps and invites the assessment', async ({ page }) => {
  await signInAsNewUser(page, 'journey-new')

  // The first quest is made of a path's practices: without a path the user is sent to choose one.
  await page.goto('/first-quest')
  await expect(page).toHaveURL('/explore')

  await page.goto('/dashboard')
  await expect(page.getByRole('heading', { level: 1, name: 'Choose Your Path' })).toBeVisible()
  await expect(stat(page, 'Lumin Points')).toHaveText(/Lumin Points\s*0$/)
  await expect(page.getByRole('link', { name: 'Continue Your Path' })).toHaveCount(0)
  await expectNoAxeViolations(page)

  await page.getByRole('link', { name: 'Explore Paths' }).click()
  await expect(page).toHaveURL('/explore')
  await expect(page.getByRole('heading', { level: 1, name: 'Explore Paths' })).toBeVisible()
  await expect(page.getByText('Switching paths resets your path progress. Your points stay.')).toBeVisible()
  // One way back, to the dashboard it was opened from (docs/decisions/0058).
  await expect(page.getByRole('banner').getByRole('link')).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Back to your path' })).toHaveAttribute('href', '/dashboard')
  await expect(pathCards(page).getByRole('heading', { level: 2 })).toHaveText(['Mind', 'Energy', 'Calm', 'Connection'])
  await expect(pathCard(page, 'Mind').getByRole('list', { name: 'Mind practices' }).getByRole('listitem')).toHaveText([
    /Focus Steps/,
    /Sensory Safari/,
    /Still Mind/,
  ])
  await expect(page.getByText('Your current path')).toHaveCount(0)
  await expectNoAxeViolations(page)

  await pathCard(page, 'Calm').getByRole('button', { name: 'Choose Calm' }).click()
  await expect(page).toHaveURL('/dashboard')
  await expect(page.getByRole('heading', { level: 1, name: 'Your Journey' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'Calm', exact: true })).toBeVisible()
  await expect(steps(page)).toHaveText([/Breathing Bubble.*Up next$/, /Quiet Sit.*Not started$/, /Sensory Safari.*Not started$/])
  await expect(page.getByRole('progressbar', { name: 'Path progress' })).toHaveAttribute('aria-valuenow', '0')
  await expect(page.getByText('0 of 3 steps')).toBeVisible()
  await expect(stat(page, 'Lumin Points')).toHaveText(/Lumin Points\s*0$/)
  await expect(stat(page, 'Level')).toHaveText(/Level\s*1$/)
  await expect(page.getByRole('link', { name: 'Continue Your Path' })).toHaveAttribute('href', '/threshold/1')
  await expect(page.getByRole('link', { name: 'Explore Other Paths' })).toHaveAttribute('href', '/explore')
  // A path and no assessment yet: the invitation, and no first quest card before it.
  await expect(page.getByRole('heading', { name: 'How are you feeling?' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Take the Assessment' })).toHaveAttribute('href', '/assessment')
  await expect(page.getByRole('heading', { name: 'Lighthouse Focus' })).toHaveCount(0)
  await expectNoAxeViolations(page)

  // Back on /explore the chosen path is marked and has nothing to choose; the one way back is 'Back to your path'.
  await page.getByRole('link', { name: 'Explore Other Paths' }).click()
  await expect(pathCard(page, 'Calm')).toContainText('Your current path')
  await expect(pathCard(page, 'Calm').getByRole('button')).toHaveCount(0)
  await expect(pathCard(page, 'Calm').getByRole('link')).toHaveCount(0)
  await page.getByRole('link', { name: 'Back to your path' }).click()
  await expect(page).toHaveURL('/dashboard')
})

test('the assessment is answered by keyboard, survives a failed save, and leads to the first quest', async ({ page }) => {
  await signInAsNewUser(page, 'journey-assess')
  await choosePathByApi(page, 'mind')
  await page.goto('/dashboard')
  await page.getByRole('link', { name: 'Take the Assessment' }).click()
  await expect(page).toHaveURL('/assessment')

  const focused = page.getByRole('slider', { name: 'How focused do you feel these days?' })
  const energised = page.getByRole('slider', { name: 'How energised do you feel?' })
  const calm = page.getByRole('slider', { name: 'How calm do you feel?' })
  for (const slider of [focused, energised, calm]) {
    await expect(slider).toHaveValue('50')
    await expect(slider).toHaveAttribute('min', '0')
    await expect(slider).toHaveAttribute('max', '100')
  }
  await expect(page.getByText('Scattered', { exact: true })).toBeVisible()
  await expect(page.getByText('Energised', { exact: true })).toBeVisible()
  await expectNoAxeViolations(page)

  await focused.focus()
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight')
  await expect(focused).toHaveValue('53')
  await expect(focused.locator('xpath=..')).toContainText('53')
  await page.keyboard.press('Tab')
  await expect(energised).toBeFocused()
  await page.keyboard.press('End')
  await expect(energised).toHaveValue('100')
  await page.keyboard.press('Tab')
  await expect(calm).toBeFocused()
  await page.keyboard.press('Home')
  await page.keyboard.press('ArrowRight')
  await expect(calm).toHaveValue('1')

  // A failed save says so, keeps the answers and stays.
  await page.route('**/api/journey/assessment', (route) => route.fulfill(serverError))
  await page.keyboard.press('Tab')
  const submit = page.getByRole('button', { name: 'Continue' })
  await expect(submit).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('alert')).toHaveText("We couldn't save your answers. Please try again.")
  await expect(page).toHaveURL('/assessment')
  await expect(focused).toHaveValue('53')
  await expect(energised).toHaveValue('100')
  await expect(calm).toHaveValue('1')

  await page.unroute('**/api/journey/assessment')
  await submit.press('Enter')
  await expect(page).toHaveURL('/first-quest')
  await expect(page.getByRole('heading', { level: 1, name: 'Lighthouse Focus' })).toBeVisible()
  const practices = page.getByRole('list', { name: 'Practices' }).getByRole('listitem')
  await expect(practices).toHaveText([/Focus Steps.*To do/, /Sensory Safari.*To do/])
  await expect(page.getByRole('link', { name: 'Focus Steps' })).toHaveAttribute('href', '/threshold/1')
  await expect(page.getByRole('link', { name: 'Sensory Safari' })).toHaveAttribute('href', '/threshold/2')
  await expect(page.getByRole('progressbar', { name: 'Quest progress' })).toHaveAttribute('aria-valuenow', '0')
  await expectNoAxeViolations(page)

  // Assessed, the dashboard offers the first quest in place of the invitation, and shows the answers back.
  await page.getByRole('link', { name: 'Back to your path' }).click()
  await expect(page.getByRole('region', { name: 'Mind' })).toContainText('You started at focus 53, energy 100, calm 1')
  await expect(page.getByRole('heading', { name: 'Lighthouse Focus' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'How are you feeling?' })).toHaveCount(0)
  await expect(page.getByRole('progressbar', { name: 'Lighthouse Focus progress' })).toHaveAttribute('aria-valuenow', '0')
  await expectNoAxeViolations(page)
  await page.getByRole('link', { name: 'Start Lighthouse Focus' }).click()
  await expect(page).toHaveURL('/first-quest')
})

test('progress moves the steps; a finished path offers Explore; switching paths resets the steps but keeps the points', async ({ page }) => {
  await signInAsNewUser(page, 'journey-switch')
  await choosePathByApi(page, 'mind')
  await saveAssessmentByApi(page)
  await completeExercise(page, 1)
  await page.goto('/dashboard')

  // Half the first quest: the card shows its progress.
  await expect(page.getByRole('progressbar', { name: 'Lighthouse Focus progress' })).toHaveAttribute('aria-valuenow', '50')
  await expect(page.getByText('50% complete')).toBeVisible()
  await page.getByRole('link', { name: 'Continue Lighthouse Focus' }).click()
  await expect(page.getByRole('list', { name: 'Practices' }).getByRole('listitem')).toHaveText([/Focus Steps.*Done/, /Sensory Safari.*To do/])
  await expect(page.getByRole('link', { name: 'Focus Steps' })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Sensory Safari' })).toHaveAttribute('href', '/threshold/2')

  await completeExercise(page, 2)
  await page.goto('/dashboard')
  await expect(steps(page)).toHaveText([/Focus Steps.*Complete$/, /Sensory Safari.*Complete$/, /Still Mind.*Up next$/])
  await expect(page.getByRole('progressbar', { name: 'Path progress' })).toHaveAttribute('aria-valuenow', '2')
  await expect(page.getByText('2 of 3 steps')).toBeVisible()
  await expect(stat(page, 'Lumin Points')).toHaveText(/Lumin Points\s*20$/)
  await expect(page.getByRole('link', { name: 'Continue Your Path' })).toHaveAttribute('href', '/threshold/3')
  // The first quest is done, so its card has gone.
  await expect(page.getByRole('heading', { name: 'Lighthouse Focus' })).toHaveCount(0)

  await completeExercise(page, 3)
  await page.reload()
  await expect(page.getByText(/^Path complete!/)).toBeVisible()
  await expect(page.getByText('3 of 3 steps')).toBeVisible()
  await expect(steps(page)).toHaveText([/Complete$/, /Complete$/, /Complete$/])
  await expect(page.getByRole('link', { name: 'Continue Your Path' })).toHaveCount(0)
  await expect(stat(page, 'Lumin Points')).toHaveText(/Lumin Points\s*30$/)
  await expectNoAxeViolations(page)

  await page.getByRole('link', { name: 'Explore Other Paths' }).click()
  await expect(pathCard(page, 'Mind')).toContainText('Your current path')

  // A failed switch says so on the card and stays on /explore.
  await page.route('**/api/journey/path', (route) => route.fulfill(serverError))
  await pathCard(page, 'Energy').getByRole('button', { name: 'Choose Energy' }).click()
  await expect(pathCard(page, 'Energy').getByRole('alert')).toHaveText("We couldn't switch you to Energy. Please try again.")
  await expect(page).toHaveURL('/explore')
  await page.unroute('**/api/journey/path')

  // While the switch is saving, the card says so.
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/api/journey/path', async (route) => {
    await held
    await route.continue()
  })
  await pathCard(page, 'Energy').getByRole('button', { name: 'Choose Energy' }).click()
  await expect(pathCard(page, 'Energy').getByRole('button')).toHaveText('Switching to Energy...')
  release()

  await expect(page).toHaveURL('/dashboard')
  await expect(page.getByRole('heading', { level: 2, name: 'Energy', exact: true })).toBeVisible()
  await expect(steps(page)).toHaveText([/Step Quest.*Up next$/, /Flow.*Not started$/, /Energising Breath.*Not started$/])
  await expect(page.getByText('0 of 3 steps')).toBeVisible()
  await expect(stat(page, 'Lumin Points')).toHaveText(/Lumin Points\s*30$/)
  await expect(page.getByRole('link', { name: 'Continue Your Path' })).toHaveAttribute('href', '/threshold/1')
  // The new path's first quest starts again from 0.
  await expect(page.getByRole('progressbar', { name: 'Lighthouse Focus progress' })).toHaveAttribute('aria-valuenow', '0')
})

test('a completed first quest returns to the dashboard after 1.5 s', async ({ page }) => {
  await signInAsNewUser(page, 'journey-quest')
  await choosePathByApi(page, 'calm')
  await saveAssessmentByApi(page)
  await completeExercise(page, 1)
  await completeExercise(page, 2)

  const start = new Date('2026-11-24T08:00:00Z')
  await page.clock.install({ time: start })
  await page.clock.pauseAt(new Date(start.getTime() + 60_000))
  await page.goto('/first-quest')

  await stepUntilVisible(page, page.getByText('Lighthouse Focus complete!'))
  await expect(page.getByRole('list', { name: 'Practices' }).getByRole('listitem')).toHaveText([/Breathing Bubble.*Done/, /Quiet Sit.*Done/])
  await expect(page.getByRole('list', { name: 'Practices' }).getByRole('link')).toHaveCount(0)
  await expect(page.getByRole('progressbar', { name: 'Quest progress' })).toHaveAttribute('aria-valuenow', '100')

  await page.clock.runFor(QUEST_REDIRECT_MS - MARGIN)
  await expect(page).toHaveURL('/first-quest')
  await page.clock.runFor(2 * MARGIN)
  await expect(page).toHaveURL('/dashboard')
})

test('a journey that fails to load shows Return Home and ends on /', async ({ page }) => {
  await signInAsNewUser(page, 'journey-fail')
  await page.route('**/api/journey', (route) => route.fulfill(serverError))
  // Paused before the page loads: the move home waits on the test's clock, so the scan reads a screen that stays.
  const start = new Date('2026-11-24T08:00:00Z')
  await page.clock.install({ time: start })
  await page.clock.pauseAt(new Date(start.getTime() + 60_000))
  await page.goto('/dashboard')

  const returnHome = page.getByRole('link', { name: 'Return Home' })
  await stepUntilVisible(page, returnHome)
  await expect(returnHome).toHaveAttribute('href', '/')
  await expect(page.getByRole('alert')).toContainText("We couldn't load your profile")
  await expectNoAxeViolationsWhilePaused(page)
  await expect(page).toHaveURL('/dashboard')
  // The message stays up for 3 s, then the app moves home by itself.
  await page.clock.runFor(3_000)
  await expect(page).toHaveURL('/')
  // Signed in on /, the landing's button leads back into the app.
  await stepUntilVisible(page, page.getByRole('link', { name: 'Enter App' }))
})

test("the dashboard's menu lists every screen and its bottom nav reaches Home, Journal and Stats", async ({ page }) => {
  await signInAsNewUser(page, 'journey-nav')
  await choosePathByApi(page, 'connection')
  await page.goto('/dashboard')

  const sections = page.getByRole('navigation', { name: 'Sections' })
  await expect(sections.getByRole('link', { name: 'Path' })).toHaveAttribute('aria-current', 'page')
  for (const [label, to, heading] of [
    ['Home', '/weekly-dashboard', /^Good to see you/],
    ['Journal', '/journal', 'Journal'],
    ['Stats', '/stats', 'Stats'],
  ] as const) {
    await sections.getByRole('link', { name: label }).click()
    await expect(page).toHaveURL(to)
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    await page.goBack()
    await expect(page.getByRole('heading', { level: 2, name: 'Connection', exact: true })).toBeVisible()
  }
  // Nothing in it leads to a screen still to come.
  await expect(sections.getByRole('link', { name: 'Community' })).toHaveCount(0)

  await page.getByRole('button', { name: 'Open menu' }).click()
  const menu = page.getByRole('dialog', { name: 'Menu' })
  const links = menu.getByRole('navigation', { name: 'Main' }).getByRole('link')
  await expect(links).toHaveText([
    'Weekly Dashboard',
    /^Main Dashboard/,
    'Journal',
    'Stats',
    'Life Goals',
    'Calendar',
    'Insights',
    'Settings',
    'Notifications',
    'My safety plan',
  ])
  await expect(menu.getByRole('link', { name: 'Main Dashboard' })).toHaveAttribute('aria-current', 'page')
  await expectNoAxeViolations(page)
  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused()

  await page.getByRole('button', { name: 'Open menu' }).click()
  await menu.getByRole('link', { name: 'Weekly Dashboard' }).click()
  await expect(page).toHaveURL('/weekly-dashboard')
  // The weekly home's menu is the same one, with the weekly home marked.
  await page.getByRole('button', { name: 'Open menu' }).click()
  await expect(menu.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText([
    /^Weekly Dashboard/,
    'Main Dashboard',
    'Journal',
    'Stats',
    'Life Goals',
    'Calendar',
    'Insights',
    'Settings',
    'Notifications',
    'My safety plan',
  ])
  await expect(menu.getByRole('link', { name: 'Weekly Dashboard' })).toHaveAttribute('aria-current', 'page')
})
