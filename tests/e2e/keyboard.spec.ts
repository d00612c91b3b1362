import type { Locator, Page } from '@playwright/test'
import { BADGE_GAP_MS, BADGES_RETURN_MS, BADGES_START_MS, BREATHING_SECONDS, RECAP_REDIRECT_MS } from '../../src/core/timings'
import { CLOCK_STEP, conversation, expect, expectFocusVisible, mailTo, PASSWORD, READ_TIME, sessionUser, signInAsNewUser, tabTo, test, uniqueEmail } from './fixtures'

/**
 * The core journeys with the keyboard alone (docs/product.md#accessibility): Tab and Shift+Tab to move, Enter, Space
 * and the arrow keys to act, typing into whatever Tab reached. Every stop Tab makes must show where the focus is.
 */
const START = new Date('2026-11-23T09:00:00')

const messageBox = (page: Page) => page.getByRole('textbox', { name: 'Your message to Olo' })

/** Tabs to `target` and presses `key` on it. */
async function press(page: Page, target: Locator, key: 'Enter' | 'Space' = 'Enter') {
  await tabTo(page, target)
  await page.keyboard.press(key)
}

/** After a move to another screen, the keyboard starts at the new screen's heading, as a screen reader does. */
async function expectFocusOnHeading(page: Page, name: string | RegExp) {
  await expect(page.getByRole('heading', { level: 1, name })).toBeFocused()
}

/** Moves the clock on in steps until `condition` holds, for the screens that go on by themselves. */
async function runUntil(page: Page, condition: () => Promise<boolean>) {
  await expect
    .poll(
      async () => {
        await page.clock.runFor(250)
        return condition()
      },
      { timeout: 20_000, intervals: [50] },
    )
    .toBe(true)
}

test('sign-up by keyboard: the intro, all seven dimensions ranked, a focus, the path, the form, Check your inbox and the mailed link’s button', async ({ page }) => {
  await page.goto('/')
  await press(page, page.getByRole('button', { name: 'Skip intro' }))
  const begin = page.getByRole('link', { name: 'Begin the Journey' })
  await expect(begin).toBeFocused()
  await expectFocusVisible(page)
  await page.keyboard.press('Enter')

  await expect(page).toHaveURL('/onboarding')
  await expectFocusOnHeading(page, 'Welcome to Lumin')
  const continueButton = page.getByRole('button', { name: 'Continue' })
  await press(page, continueButton)
  await expectFocusOnHeading(page, 'What matters most to you?')

  // The ranking control: one toggle button per dimension, Space to rank it next and again to take it out.
  const dimension = (label: string) => page.getByRole('button', { name: new RegExp(`^${label}\\b`) })
  for (const label of ['Heart', 'Mind', 'Spirit']) await press(page, dimension(label), 'Space')
  await expect(dimension('Spirit')).toHaveAccessibleName('Spirit, ranked 3')
  await press(page, dimension('Mind'), 'Space')
  await expect(dimension('Mind')).toHaveAttribute('aria-pressed', 'false')
  await expect(dimension('Spirit')).toHaveAccessibleName('Spirit, ranked 2')
  await expect(continueButton).toBeDisabled()
  for (const label of ['Mind', 'Body', 'Connection', 'Purpose', 'Growth']) await press(page, dimension(label), 'Space')
  await expect(page.getByText('7 of 7 ranked')).toBeVisible()
  await expect(dimension('Growth')).toHaveAccessibleName('Growth, ranked 7')
  await expect(dimension('Growth')).toHaveAttribute('aria-pressed', 'true')
  await press(page, continueButton)

  // The focus choice is a radio group: Tab enters it, the arrow keys choose.
  await expectFocusOnHeading(page, 'What would you like more of?')
  await tabTo(page, page.getByRole('radio', { name: /^Clarity/ }))
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  const peace = page.getByRole('radio', { name: /^Peace/ })
  await expect(peace).toBeFocused()
  await expect(peace).toBeChecked()
  await expectFocusVisible(page)
  await press(page, continueButton)
  await expectFocusOnHeading(page, 'You’re ready to begin')
  // Peace gives the Calm path, whatever the dimension ranked first implies.
  await expect(page.getByRole('region', { name: 'Your first path' })).toContainText('Calm')
  await press(page, continueButton)

  await expect(page).toHaveURL('/auth/heart?initialPath=calm')
  await expectFocusOnHeading(page, 'Create your account')
  const email = uniqueEmail('keyboard')
  async function submitForm() {
    await tabTo(page, page.getByRole('textbox', { name: 'Email' }))
    await page.keyboard.type(email)
    await tabTo(page, page.getByLabel('Password'))
    await page.keyboard.type(PASSWORD)
    await page.keyboard.press('Enter')
  }
  // The newcomer's screen asks no box (continuing confirms the age: sign-up-age.spec.ts has the box's keyboard).
  await submitForm()
  // The form is gone: the keyboard starts at the message that took its place.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your inbox')
  await expect(page.locator(':focus')).toContainText(`We sent a link to ${email}.`)
  await press(page, page.getByRole('button', { name: 'Use another email' }))
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeFocused()
  await submitForm()

  // The mailed link is followed outside the app, and its page's button confirms and signs in.
  await page.goto((await mailTo(page, email)).link)
  await press(page, page.getByRole('button', { name: 'Confirm my email' }))
  await expect(page).toHaveURL('/weekly-dashboard')
  await expectFocusOnHeading(page, new RegExp(email.split('@')[0]!))
  await expect
    .poll(async () => (await (await page.request.get('/api/profile')).json()).profile)
    .toMatchObject({ rankedDimensions: ['heart', 'spirit', 'mind', 'body', 'connection', 'purpose', 'growth'], selectedFocus: 'peace' })

  // The menu is a dialog: the focus goes in, Tab and Shift+Tab stay in, Escape gives it back to the menu button.
  const menuButton = page.getByRole('button', { name: 'Open menu' })
  await press(page, menuButton)
  const menu = page.getByRole('dialog', { name: 'Menu' })
  const close = menu.getByRole('button', { name: 'Close menu' })
  await expect(close).toBeFocused()
  await expectFocusVisible(page)
  await page.keyboard.press('Shift+Tab')
  await expect(menu.getByRole('button', { name: 'Sign out' })).toBeFocused()
  await expectFocusVisible(page)
  await page.keyboard.press('Tab')
  await expect(close).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()
  await expect(menuButton).toBeFocused()
  await expectFocusVisible(page)
  await page.keyboard.press('Enter')
  await press(page, menu.getByRole('button', { name: 'Sign out' }))
  await expect(page).toHaveURL('/')
  expect(await sessionUser(page)).toBeNull()
})

test('a weekly recap by keyboard: Olo’s intro, four answers, the summary and a task ticked on the weekly home', async ({ page }) => {
  await page.clock.install({ time: START })
  await signInAsNewUser(page, 'keyboard-recap')
  await page.goto('/weekly-dashboard')
  await expect(page.getByText("Hi, I'm Olo, your AI guide.")).toBeVisible()
  await page.clock.runFor(READ_TIME)
  await press(page, page.getByRole('link', { name: 'Start Weekly Recap' }))

  await expect(page).toHaveURL(/\/recap-conversation$/)
  await expect(conversation(page).getByText(/This is your weekly recap/)).toBeVisible()
  const olo = conversation(page).getByRole('listitem').filter({ hasText: /^Olo: / })
  for (const answer of ['Busy at work, but I went running twice and slept well.', 'I would give it a 7', 'My body, the runs helped a lot', 'Next week I want to look after my health and sleep']) {
    await page.clock.runFor(READ_TIME)
    await expect(messageBox(page)).toBeEnabled()
    // After the first answer the box takes the focus back by itself whenever Olo has finished.
    await tabTo(page, messageBox(page))
    await expectFocusVisible(page)
    const replies = await olo.count()
    await page.keyboard.type(answer)
    await page.keyboard.press('Enter')
    await expect(olo).toHaveCount(replies + 1)
  }

  const summary = page.getByRole('region', { name: 'Your week in review' })
  await expect(summary).toBeVisible()
  await expect(summary).toContainText('You rated your week 7/10')
  // The message box has gone: the keyboard is at the summary, not lost on the page.
  await expect(summary.getByRole('heading', { name: 'Your week in review' })).toBeFocused()

  await page.clock.runFor(RECAP_REDIRECT_MS)
  await expect(page).toHaveURL(/\/weekly-dashboard$/)
  await expectFocusOnHeading(page, /Good to see you/)
  const task = page.getByRole('checkbox').first()
  await press(page, task, 'Space')
  await expect(task).toBeChecked()
  await expect(page.getByText(/^1 of \d done$/)).toBeVisible()
})

test('a practice by keyboard: the dashboard, an intention set with Olo, the breathing bubble and back with the points', async ({ page }) => {
  await page.clock.install({ time: START })
  await signInAsNewUser(page, 'keyboard-practice')
  expect((await page.request.put('/api/journey/path', { data: { path: 'calm' } })).ok()).toBe(true)
  await page.goto('/dashboard')
  await press(page, page.getByRole('link', { name: 'Continue Your Path' }))

  await expect(page).toHaveURL(/\/threshold\/1/)
  await expectFocusOnHeading(page, 'Crossing the Threshold')
  await expect(page.getByText('Preparing for Breathing Bubble')).toBeVisible()
  await expect(conversation(page).getByRole('listitem')).toHaveCount(1)
  await page.clock.runFor(READ_TIME)
  await expect(messageBox(page)).toBeEnabled()
  await press(page, messageBox(page), 'Enter')
  await page.keyboard.type('I want to feel calmer and let go of the day')
  await page.keyboard.press('Enter')
  const handover = page.getByRole('status').filter({ hasText: /Olo speaks|Preparing your journey/ })
  await expect(handover).toBeFocused()
  await runUntil(page, async () => /\/breathing-bubble\?practice=/.test(page.url()))

  await expectFocusOnHeading(page, 'Breathing Bubble')
  await expect(page.getByText('Your intention', { exact: true })).toBeVisible()
  // From here the clock stands still, so only the time the test lets pass counts.
  await page.clock.pauseAt(new Date((await page.evaluate(() => Date.now())) + 500))
  await press(page, page.getByRole('button', { name: 'Begin Breathing' }), 'Space')
  await expect(page.getByText('Breathe in...')).toBeFocused()
  await page.clock.runFor(BREATHING_SECONDS * 1000)
  await expect(page.getByRole('heading', { name: 'Beautiful Breathing!' })).toBeFocused()
  await press(page, page.getByRole('link', { name: 'Return to Dashboard' }))
  await page.clock.resume()

  await expect(page).toHaveURL(/\/dashboard$/)
  await expectFocusOnHeading(page, 'Your Journey')
  await expect(page.getByText('Lumin Points', { exact: true }).locator('..')).toHaveText(/Lumin Points\s*10$/)
})

test('a goal by keyboard: the menu to Life Goals, a category from the dialog, the chat, the created card and its progress', async ({ page }) => {
  await page.clock.install({ time: START })
  await signInAsNewUser(page, 'keyboard-goal')
  await page.goto('/weekly-dashboard')
  await press(page, page.getByRole('button', { name: 'Open menu' }))
  await press(page, page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Life Goals' }))

  await expect(page).toHaveURL(/\/achievements-goals$/)
  await expectFocusOnHeading(page, 'Life Goals & Achievements')
  const create = page.getByRole('button', { name: 'Create New Goal with Olo' })
  await press(page, create)
  const modal = page.getByRole('dialog', { name: 'Choose a Goal Category' })
  await expect(modal.getByRole('button', { name: /^Adventure & Travel/ })).toBeFocused()
  await expectFocusVisible(page)
  await page.keyboard.press('Shift+Tab')
  await expect(modal.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(modal).toBeHidden()
  await expect(create).toBeFocused()
  await page.keyboard.press('Space')
  await press(page, modal.getByRole('button', { name: /^Health & Fitness/ }))

  await expect(page).toHaveURL(/\/goal-chat\?category=\d+/)
  await expectFocusOnHeading(page, 'Goal Creation with Olo')
  await expect(page.getByRole('region', { name: 'Olo' })).toContainText(/Let's turn something you care about/)
  await page.clock.runFor(READ_TIME)
  await expect(messageBox(page)).toBeEnabled()
  await press(page, messageBox(page), 'Enter')
  await page.keyboard.type('I want to run 100 km in 3 months')
  await page.keyboard.press('Enter')
  const created = page.getByRole('region', { name: 'Goal Created!' })
  await expect(created.getByRole('heading', { name: 'Run 100 km' })).toBeVisible()
  await expect(created.getByRole('heading', { name: 'Goal Created!' })).toBeFocused()

  // The badge overlay is a modal dialog that can't be closed: the focus goes in and Tab can't leave it.
  await page.clock.runFor(BADGES_START_MS + CLOCK_STEP)
  const overlay = page.getByRole('dialog', { name: 'Creating Your Achievement Badges' })
  await expect(overlay).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(overlay).toBeFocused()
  await page.keyboard.press('Shift+Tab')
  await expect(overlay).toBeFocused()
  await runUntil(page, () => overlay.getByText('Generated 4 of 4 badges...').isVisible())
  await page.clock.runFor(BADGES_RETURN_MS + BADGE_GAP_MS)

  await expect(page).toHaveURL(/\/achievements-goals$/)
  await expectFocusOnHeading(page, 'Life Goals & Achievements')
  const goal = page.getByRole('article', { name: 'Run 100 km' })
  await tabTo(page, goal.getByRole('spinbutton'))
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type('30')
  await page.keyboard.press('Enter')
  await expect(goal).toContainText('30 / 100 km')
  await expect(goal.getByRole('status')).toContainText('You earned Bronze!')
  // The moment of earning it takes the keyboard, and Escape hands it back.
  const moment = page.getByRole('dialog', { name: 'You earned Bronze!' })
  await expect(moment).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(moment).toHaveCount(0)
})
