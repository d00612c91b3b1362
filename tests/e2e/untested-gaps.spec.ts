import type { Page } from '@playwright/test'
import { GENERIC_MESSAGES } from '../../src/core/api-errors'
import { SEND_FAILED_MESSAGE } from '../../src/core/olo'
import {
  collectWarnings,
  conversation,
  createConfirmedUser,
  expect,
  MARGIN,
  PASSWORD,
  READ_TIME,
  signInAsNewUser,
  signUpByForm,
  stepUntilVisible,
  test,
} from './fixtures'

/**
 * The corners of the screens no other journey reaches: the words a failure shows, a query parameter, the ways back, a
 * loading line and the timing of the recap's return. Each is made to happen for real in the browser; a server failure
 * that the test can't cause is the server's own answer, given by `page.route`.
 */

const START = new Date('2026-11-24T09:00:00')

/** The recap's summary shows this long before the app returns to the weekly home: the product's 5 s, as a number. */
const RECAP_RETURN_MS = 5_000

const input = (page: Page) => page.getByRole('textbox', { name: 'Your message to Olo' })

/** What a proxy in front of Lumin answers when Lumin is down: a page, not Lumin's JSON. */
const proxyError = (status: number) => ({ status, contentType: 'text/html', body: '<html><body><h1>Bad Gateway</h1></body></html>' })

/** Lumin's own answer to an unexpected error. */
const internalError = { status: 500, json: { error: { code: 'INTERNAL', message: GENERIC_MESSAGES.INTERNAL } } }

/** Holds each request `pattern` matches until the returned function is called. */
async function holdRequests(page: Page, pattern: string) {
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(pattern, async (route) => {
    await held
    await route.fallback()
  })
  return release
}

async function choosePath(page: Page, path: string) {
  expect((await page.request.put('/api/journey/path', { data: { path } })).ok()).toBe(true)
}

async function profilePath(page: Page) {
  const { profile } = (await (await page.request.get('/api/profile')).json()) as { profile: { selectedPath: string | null } }
  return profile.selectedPath
}

test.describe("'An error occurred.'", () => {
  test('the sign-in form says it when the server answers without a message, keeps what was typed, and works again after', async ({ page }) => {
    const email = await createConfirmedUser(page, 'other-error')
    await page.goto('/auth/login')
    await page.route('**/api/auth/enter', (route) => route.fulfill(proxyError(502)))
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Continue with email' }).click()

    await expect(page.getByRole('alert')).toHaveText('An error occurred.')
    await expect(page).toHaveURL('/auth/login')
    await expect(page.getByLabel('Email')).toHaveValue(email)
    await expect(page.getByLabel('Password')).toHaveValue(PASSWORD)

    await page.unroute('**/api/auth/enter')
    await page.getByRole('button', { name: 'Continue with email' }).click()
    await expect(page).toHaveURL('/weekly-dashboard')
  })

  test('the password reset request and the confirmation button say it too', async ({ page }) => {
    await page.route('**/api/auth/request-password-reset', (route) => route.fulfill(proxyError(502)))
    await page.goto('/auth/forgot-password?email=someone%40example.com')
    await page.getByRole('button', { name: 'Send reset link' }).click()
    await expect(page.getByRole('alert')).toHaveText('An error occurred.')

    await page.route('**/api/auth/verify-email', (route) => route.fulfill(proxyError(503)))
    await page.goto('/auth/verify?token=a-token-from-the-mail')
    await page.getByRole('button', { name: 'Confirm my email' }).click()
    await expect(page.getByRole('alert')).toHaveText('An error occurred.')
    // The link may still work: its button stays to try again.
    await expect(page.getByRole('button', { name: 'Confirm my email' })).toBeEnabled()
  })
})

test.describe('the initialPath query parameter of /auth/*', () => {
  test('names the path instead of the address, and is the new member’s path once the mailed link is confirmed', async ({ page }) => {
    // Heart leads to Connection; initialPath=spirit says Calm.
    await page.goto('/auth/heart?initialPath=spirit')
    await expect(page.getByText('Sign in to go on with your Calm path, or create your account with the same form.')).toBeVisible()

    await signUpByForm(page, 'initial-path')
    await expect(page).toHaveURL('/weekly-dashboard')
    await expect.poll(() => profilePath(page)).toBe('calm')
    await page.goto('/dashboard')
    await expect(page.getByRole('heading', { level: 2, name: 'Calm', exact: true })).toBeVisible()
  })

  test('a member without a path who signs in at /auth/login?initialPath=energy lands on the weekly home on Energy', async ({ page }) => {
    const email = await createConfirmedUser(page, 'initial-login')
    await page.goto('/auth/login?initialPath=energy')
    await expect(page.getByText('Sign in to go on with your Energy path, or create your account with the same form.')).toBeVisible()
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Continue with email' }).click()

    await expect(page).toHaveURL('/weekly-dashboard')
    await expect.poll(() => profilePath(page)).toBe('energy')
    await page.goto('/dashboard')
    await expect(page.getByRole('heading', { level: 2, name: 'Energy', exact: true })).toBeVisible()
  })
})

test.describe('exercise load errors at the threshold', () => {
  test("'No conversation script available for this exercise.' shows under Unable to Load Exercise, and Try Again opens the chat", async ({ page }) => {
    await signInAsNewUser(page, 'no-script')
    await choosePath(page, 'mind')
    // The schema keeps every exercise's script, so this is the server's answer when one is missing.
    await page.route('**/api/practices', (route) =>
      route.fulfill({ status: 404, json: { error: { code: 'NOT_FOUND', message: 'No conversation script available for this exercise.' } } }),
    )
    await page.goto('/threshold/next')
    await expect(page.getByRole('heading', { name: 'Unable to Load Exercise' })).toBeVisible()
    await expect(page.getByRole('alert')).toContainText('No conversation script available for this exercise.')
    await expect(page.getByRole('link', { name: 'Return to Dashboard' })).toHaveAttribute('href', '/dashboard')

    await page.unroute('**/api/practices')
    await page.getByRole('button', { name: 'Try Again' }).click()
    await expect(page.getByText('Preparing for Focus Steps')).toBeVisible()
    await expect(conversation(page).getByRole('listitem')).toHaveCount(1)
  })

  test('a practice whose exercise and minigame can’t be read shows the error, and Try Again resumes the same chat', async ({ page }) => {
    await signInAsNewUser(page, 'no-minigame')
    await choosePath(page, 'calm')

    // An address naming a practice that isn't this member's: nothing to load.
    await page.goto(`/threshold/next?practice=${crypto.randomUUID()}`)
    await expect(page.getByRole('heading', { name: 'Unable to Load Exercise' })).toBeVisible()
    await expect(page.getByRole('alert')).toContainText('We could not find that practice.')

    // The member's own practice, whose reading fails on a reload.
    await page.goto('/threshold/next')
    await expect(page.getByText('Preparing for Breathing Bubble')).toBeVisible()
    await expect(page).toHaveURL(/\?practice=[0-9a-f-]{36}$/)
    const address = page.url()
    await page.route('**/api/practices/*', (route) => (route.request().method() === 'GET' ? route.fulfill(internalError) : route.fallback()))
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Unable to Load Exercise' })).toBeVisible()
    await expect(page.getByRole('alert')).toContainText(GENERIC_MESSAGES.INTERNAL)

    await page.unroute('**/api/practices/*')
    await page.getByRole('button', { name: 'Try Again' }).click()
    await expect(page.getByText('Preparing for Breathing Bubble')).toBeVisible()
    expect(page.url()).toBe(address)
    await expect(conversation(page).getByRole('listitem')).toHaveCount(1)
  })
})

test.describe("'Loading your achievements...'", () => {
  test('each tab says it until its list arrives', async ({ page }) => {
    await signInAsNewUser(page, 'loading-goals')
    const releaseGoals = await holdRequests(page, '**/api/goals')
    await page.goto('/achievements-goals')
    await expect(page.getByRole('tabpanel', { name: 'Goals' }).getByRole('status')).toHaveText('Loading your achievements...')
    releaseGoals()
    await expect(page.getByRole('heading', { name: 'No Goals Yet' })).toBeVisible()
    await expect(page.getByText('Loading your achievements...')).toHaveCount(0)

    const releaseAchievements = await holdRequests(page, '**/api/achievements')
    await page.getByRole('tab', { name: 'Achievements' }).click()
    await expect(page.getByRole('tabpanel', { name: 'Achievements' }).getByRole('status')).toHaveText('Loading your achievements...')
    releaseAchievements()
    await expect(page.getByRole('heading', { name: 'No Achievements Yet' })).toBeVisible()
    await expect(page.getByText('Loading your achievements...')).toHaveCount(0)
  })

  test('a failed fetch keeps saying it, is only logged, and the list shows once the retry succeeds', async ({ page }) => {
    await signInAsNewUser(page, 'loading-fail')
    const warnings = collectWarnings(page)
    // The first fetch fails; the retry waits until the screen has been looked at.
    const releaseRetry = await holdRequests(page, '**/api/achievements')
    let failures = 1
    await page.route('**/api/achievements', (route) => (failures-- > 0 ? route.fulfill(internalError) : route.fallback()))
    await page.goto('/achievements-goals?tab=achievements')
    await expect.poll(() => warnings.some((text) => text.includes('Could not load your achievements'))).toBe(true)
    await expect(page.getByRole('tabpanel', { name: 'Achievements' }).getByRole('status')).toHaveText('Loading your achievements...')
    await expect(page.getByRole('alert')).toHaveCount(0)
    releaseRetry()
    await expect(page.getByRole('heading', { name: 'No Achievements Yet' })).toBeVisible()
  })
})

test('onboarding’s progress bar stands at each step, and Back goes one step back keeping every choice', async ({ page }) => {
  await page.goto('/onboarding')
  const bar = page.getByRole('progressbar', { name: 'Onboarding progress' })
  const back = page.getByRole('button', { name: 'Back' })
  const continueButton = page.getByRole('button', { name: 'Continue' })
  const steps = ['Welcome', 'Rank Priorities', 'Choose Focus', 'Get Started']
  async function expectStep(number: number) {
    await expect(bar).toHaveAttribute('aria-valuemin', '0')
    await expect(bar).toHaveAttribute('aria-valuemax', '4')
    await expect(bar).toHaveAttribute('aria-valuenow', String(number))
    await expect(bar).toHaveAttribute('aria-valuetext', `Step ${number} of 4: ${steps[number - 1]}`)
    await expect(page.getByText(`Step ${number} of 4`, { exact: false })).toBeVisible()
    // The filled part of the bar is the share of steps reached.
    await expect(bar.locator('> div')).toHaveAttribute('style', `width: ${number * 25}%;`)
  }
  const dimension = (name: RegExp) => page.getByRole('button', { name })

  await expectStep(1)
  await expect(back).toBeDisabled()
  await continueButton.click()

  await expectStep(2)
  await expect(back).toBeEnabled()
  for (const name of [/Heart/, /Mind/, /Spirit/]) await dimension(name).click()
  await continueButton.click()

  await expectStep(3)
  await page.getByRole('radio', { name: /Peace/ }).click()
  await continueButton.click()

  await expectStep(4)
  // Peace gives the Calm path, though Heart, ranked first, implies Connection (docs/product.md#onboarding).
  await expect(page.getByRole('heading', { level: 2, name: 'Your first path' }).locator('..')).toContainText('Calm')

  await back.click()
  await expectStep(3)
  await expect(page.getByRole('heading', { level: 1, name: 'What would you like more of?' })).toBeVisible()
  await expect(page.getByRole('radio', { name: /Peace/ })).toBeChecked()

  await back.click()
  await expectStep(2)
  await expect(page.getByText('3 of 7 ranked')).toBeVisible()
  await expect(dimension(/^Heart, ranked 1$/)).toHaveAttribute('aria-pressed', 'true')
  await expect(dimension(/^Mind, ranked 2$/)).toHaveAttribute('aria-pressed', 'true')
  await expect(dimension(/^Spirit, ranked 3$/)).toHaveAttribute('aria-pressed', 'true')

  await back.click()
  await expectStep(1)
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Lumin' })).toBeVisible()
  await expect(back).toBeDisabled()

  // Forward again over the kept choices, to the sign-in screen of the top dimension.
  for (let step = 0; step < 4; step++) await continueButton.click()
  await expect(page).toHaveURL('/auth/heart?initialPath=calm')
})

test.describe('the recap', () => {
  test("'Back to your week' leaves the chat for the weekly home", async ({ page }) => {
    await signInAsNewUser(page, 'recap-back')
    await page.goto('/recap-conversation')
    await expect(conversation(page).getByText(/This is your weekly recap/)).toBeVisible()
    const back = page.getByRole('link', { name: 'Back to your week' })
    await expect(back).toHaveAttribute('href', '/weekly-dashboard')
    await back.click()
    await expect(page).toHaveURL('/weekly-dashboard')
    await expect(page.getByRole('heading', { level: 1, name: /^Good to see you/ })).toBeVisible()
  })

  test('the finished recap returns to the weekly home after 5 s, not before', async ({ page }) => {
    await page.clock.install({ time: START })
    await signInAsNewUser(page, 'recap-return')
    await page.goto('/recap-conversation')
    await expect(conversation(page).getByText(/This is your weekly recap/)).toBeVisible()
    const oloReplies = conversation(page).getByRole('listitem').filter({ hasText: /^Olo: / })
    for (const [index, text] of ['A good week, busy but calm.', 'I would give it a 7', 'My body, the runs helped'].entries()) {
      await page.clock.runFor(READ_TIME)
      await input(page).fill(text)
      await input(page).press('Enter')
      await expect(oloReplies).toHaveCount(index + 2)
    }
    await page.clock.runFor(READ_TIME)
    await expect(input(page)).toBeEnabled()

    // The clock stands still from here: the return can only come from the time the test lets pass.
    await page.clock.pauseAt(new Date((await page.evaluate(() => Date.now())) + 500))
    await input(page).fill('Next week I want to sleep more')
    await input(page).press('Enter')
    await stepUntilVisible(page, page.getByRole('status').filter({ hasText: 'Taking you back to your weekly home...' }))

    await page.clock.runFor(RECAP_RETURN_MS - MARGIN)
    await expect(page).toHaveURL('/recap-conversation')
    await page.clock.runFor(2 * MARGIN)
    await expect(page).toHaveURL('/weekly-dashboard')
  })
})

test.describe('the threshold', () => {
  test('its back button leaves the chat for the dashboard, where the step is still to do', async ({ page }) => {
    await signInAsNewUser(page, 'threshold-back')
    await choosePath(page, 'energy')
    await page.goto('/threshold/next')
    await expect(page.getByText('Preparing for Step Quest')).toBeVisible()
    // Opened by its address, not from a home: the way back is the dashboard's.
    const back = page.getByRole('link', { name: 'Back to your path' })
    await expect(back).toHaveAttribute('href', '/dashboard')
    await back.click()
    await expect(page).toHaveURL('/dashboard')
    await expect(page.getByRole('heading', { level: 1, name: 'Your Journey' })).toBeVisible()
    await expect(page.getByRole('list', { name: 'Journey steps' }).getByRole('listitem').first()).toHaveText(/Step Quest.*Up next$/)
  })

  test('a send that fails shows the alert and keeps the message, and Try Again sends it as it was', async ({ page }) => {
    await signInAsNewUser(page, 'threshold-send')
    await choosePath(page, 'calm')
    await page.goto('/threshold/next')
    await expect(input(page)).toBeEnabled()

    const sent: { id: string; content: string }[] = []
    let failSend = true
    await page.route('**/api/conversations/*/messages', (route) => {
      sent.push(route.request().postDataJSON())
      return failSend ? route.fulfill(internalError) : route.fallback()
    })
    const typed = 'I want to slow down and breathe'
    await input(page).fill(typed)
    await input(page).press('Enter')

    const panel = page.getByRole('alert').filter({ hasText: 'Something went wrong' })
    await expect(panel).toContainText(SEND_FAILED_MESSAGE)
    await expect(panel.getByRole('link', { name: 'Return to Dashboard' })).toHaveAttribute('href', '/dashboard')
    await expect(conversation(page).getByText(typed, { exact: true })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Skip and continue to exercise' })).toBeVisible()

    failSend = false
    await panel.getByRole('button', { name: 'Try Again' }).click()
    await expect(page.getByRole('status').filter({ hasText: /Olo speaks|Preparing your journey/ })).toBeVisible()
    expect(sent).toHaveLength(2)
    expect(sent[1]).toEqual(sent[0])
    expect(sent[0]!.content).toBe(typed)
  })
})

test.describe('/goal-chat with no user', () => {
  test('a signed-out visitor is sent to / and no chat is started', async ({ page }) => {
    let starts = 0
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/goals/chats')) starts++
    })
    await page.goto('/goal-chat?category=1')
    await expect(page).toHaveURL('/')
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible()
    expect(starts).toBe(0)
  })

  test('a member signed out elsewhere is sent to / when they come back to the chat', async ({ page }) => {
    await signInAsNewUser(page, 'goal-signed-out')
    const { categories } = (await (await page.request.get('/api/goals/categories')).json()) as { categories: { id: number }[] }
    await page.goto(`/goal-chat?category=${categories[0]!.id}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Goal Creation with Olo' })).toBeVisible()
    await expect(page).toHaveURL(/&conversation=[0-9a-f-]{36}$/)

    // Signed out in another tab of the same browser, then back to this one.
    const other = await page.context().newPage()
    await other.goto('/weekly-dashboard')
    await other.getByRole('button', { name: 'Open menu' }).click()
    await other.getByRole('button', { name: 'Sign out' }).click()
    await expect(other).toHaveURL('/')
    await other.close()
    await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')))
    await expect(page).toHaveURL('/')
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible()
  })
})

test.describe('Coming Soon', () => {
  test('the only item coming soon is Community, and it is no link: Calendar, Insights and Notifications are links', async ({ page }) => {
    await signInAsNewUser(page, 'coming-soon-menu')
    await choosePath(page, 'mind')
    for (const home of ['/weekly-dashboard', '/dashboard', '/achievements-goals']) {
      await page.goto(home)
      await page.getByRole('button', { name: 'Open menu' }).click()
      const menu = page.getByRole('dialog', { name: 'Menu' })
      await expect(menu.getByText('Coming Soon')).toHaveCount(1)
      await expect(menu.getByRole('listitem').filter({ hasText: 'Coming Soon' })).toHaveText(/^Community/)
      await expect(menu.getByRole('link', { name: /Community/ })).toHaveCount(0)
      await expect(menu.getByRole('link', { name: 'Calendar' })).toHaveAttribute('href', '/calendar')
      await expect(menu.getByRole('link', { name: 'Insights' })).toHaveAttribute('href', '/stats#insights')
      await expect(menu.getByRole('link', { name: 'Notifications' })).toHaveAttribute('href', '/settings#reminders')
      await expect(menu.getByText('Journey Map')).toHaveCount(0)
    }
  })

  test('the section that is coming soon is in no bar, and its address shows its own name', async ({ page }) => {
    await signInAsNewUser(page, 'coming-soon-sections')
    await choosePath(page, 'mind')
    for (const name of ['Community']) {
      await page.goto('/dashboard')
      await expect(page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name })).toHaveCount(0)

      await page.goto(`/${name.toLowerCase()}`)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
      await expect(page.getByText('This section is coming soon.')).toBeVisible()
      await page.getByRole('link', { name: 'Back to your path' }).click()
      await expect(page).toHaveURL('/dashboard')
    }
  })
})
