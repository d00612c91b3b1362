import type { Page } from '@playwright/test'
import { expect, expectNoAxeViolations, signInAsNewUser, test } from './fixtures'

// One home, one way around (docs/decisions/0058-one-home-one-way-around.md), on a 390 × 844 phone.
const PHONE = { width: 390, height: 844 }
test.use({ viewport: PHONE })

const bar = (page: Page) => page.getByRole('navigation', { name: 'Sections' })

async function choosePath(page: Page, path: string) {
  expect((await page.request.put('/api/journey/path', { data: { path } })).ok()).toBe(true)
}

/** Completes exercise `number` of the member's path through the API, as its exercise screen does. */
async function completePractice(page: Page, number: number) {
  const started = await page.request.post('/api/practices', { data: { exercise: number } })
  expect(started.status()).toBe(201)
  const { practice } = (await started.json()) as { practice: { id: string } }
  expect((await page.request.post(`/api/practices/${practice.id}/complete`, { data: {} })).ok()).toBe(true)
}

/** The bar's four sections, with the one marked as where the member is. */
async function expectMarked(page: Page, label: string, current: 'page' | 'true' = 'page') {
  const links = bar(page).getByRole('link')
  await expect(links).toHaveText(['Home', 'Path', 'Journal', 'Stats'])
  for (const name of ['Home', 'Path', 'Journal', 'Stats']) {
    const link = bar(page).getByRole('link', { name, exact: true })
    if (name === label) await expect(link).toHaveAttribute('aria-current', current)
    else await expect(link).not.toHaveAttribute('aria-current')
  }
}

test('the bottom bar is on Home, Path, Journal and Stats, marks where the member is, and leads where it says', async ({ page }) => {
  await signInAsNewUser(page, 'nav-bar')
  await choosePath(page, 'calm')
  await page.goto('/weekly-dashboard')
  await expect(page.getByRole('heading', { level: 1, name: /^Good to see you/ })).toBeVisible()
  await expectMarked(page, 'Home')
  // Along the phone's bottom edge, across its whole width.
  const box = (await bar(page).boundingBox())!
  expect(box.x).toBe(0)
  expect(box.width).toBe(PHONE.width)
  expect(box.y + box.height).toBe(PHONE.height)
  await expectNoAxeViolations(page)

  for (const [label, to, heading] of [
    ['Path', '/dashboard', 'Your Journey'],
    ['Journal', '/journal', 'Journal'],
    ['Stats', '/stats', 'Stats'],
    ['Home', '/weekly-dashboard', /^Good to see you/],
  ] as const) {
    await bar(page).getByRole('link', { name: label, exact: true }).click()
    await expect(page).toHaveURL(to)
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    await expectMarked(page, label)
    await expectNoAxeViolations(page)
  }

  // The Calendar is one tap inside Stats, which stays marked there.
  await bar(page).getByRole('link', { name: 'Stats', exact: true }).click()
  await page.getByRole('main').getByRole('link', { name: 'Calendar' }).click()
  await expect(page).toHaveURL('/calendar')
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible()
  await expectMarked(page, 'Stats', 'true')
  await expectNoAxeViolations(page)
})

test('the side menu is the same on every screen: every screen a member can open, and Community named but leading nowhere', async ({ page }) => {
  await signInAsNewUser(page, 'nav-menu')
  const everyScreen = ['Weekly Dashboard', 'Main Dashboard', 'Journal', 'Stats', 'Life Goals', 'Calendar', 'Insights', 'Settings', 'Notifications', 'My safety plan']
  for (const [route, here] of [
    ['/weekly-dashboard', 'Weekly Dashboard'],
    ['/journal', 'Journal'],
  ] as const) {
    await page.goto(route)
    await page.getByRole('button', { name: 'Open menu' }).click()
    const menu = page.getByRole('dialog', { name: 'Menu' })
    const nav = menu.getByRole('navigation', { name: 'Main' })
    await expect(nav.getByRole('link')).toHaveText(everyScreen.map((name) => (name === here ? new RegExp(`^${name}`) : name)))
    await expect(nav.getByRole('link', { name: here })).toHaveAttribute('aria-current', 'page')
    // Community is there, marked as still to come, and is not a link.
    await expect(nav.getByRole('listitem').filter({ hasText: 'Community' })).toContainText('Coming Soon')
    await expect(nav.getByRole('link', { name: /Community/ })).toHaveCount(0)
    await expectNoAxeViolations(page)
    await page.keyboard.press('Escape')
  }
})

test('on a wide screen the navigation is a rail down the side', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await signInAsNewUser(page, 'nav-rail')
  await choosePath(page, 'mind')
  await page.goto('/dashboard')
  await expect(page.getByRole('heading', { level: 1, name: 'Your Journey' })).toBeVisible()
  await expectMarked(page, 'Path')
  const rail = (await bar(page).boundingBox())!
  expect(rail.x).toBe(0)
  expect(rail.y).toBe(0)
  expect(rail.height).toBe(800)
  expect(rail.width).toBeLessThan(300)
  // The screen's content sits beside the rail, not under it.
  const main = (await page.getByRole('main').boundingBox())!
  expect(main.x).toBeGreaterThanOrEqual(rail.x + rail.width)
  await expectNoAxeViolations(page)
})

test('Back from a practice names the home it was started from and returns there', async ({ page }) => {
  await signInAsNewUser(page, 'nav-back')
  await choosePath(page, 'calm')

  // Started on the weekly home: the threshold and the exercise lead back to the week.
  await page.goto('/weekly-dashboard')
  await page.getByRole('link', { name: 'Start Breathing Bubble' }).click()
  await expect(page.getByText('Preparing for Breathing Bubble')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Back to your week' })).toHaveAttribute('href', '/weekly-dashboard')
  await page.getByRole('link', { name: 'Skip and continue to exercise' }).click()
  await expect(page).toHaveURL(/\/breathing-bubble\?practice=/)
  // A reload keeps the way back.
  await page.reload()
  await expect(page.getByRole('button', { name: 'Begin Breathing' })).toBeVisible()
  await page.getByRole('link', { name: 'Back to your week' }).click()
  await expect(page).toHaveURL('/weekly-dashboard')

  // Started on the dashboard: back to the path.
  await bar(page).getByRole('link', { name: 'Path', exact: true }).click()
  await page.getByRole('link', { name: 'Continue Your Path' }).click()
  await expect(page.getByRole('link', { name: 'Back to your path' })).toHaveAttribute('href', '/dashboard')
  await page.getByRole('link', { name: 'Back to your path' }).click()
  await expect(page).toHaveURL('/dashboard')

  // Explore has one way back, to where it was opened from.
  await page.getByRole('link', { name: 'Explore Other Paths' }).click()
  await expect(page).toHaveURL('/explore')
  await expect(page.getByRole('link', { name: /Dashboard/ })).toHaveCount(0)
  await expect(page.getByRole('link', { name: /^Back to/ })).toHaveText('Back to your path')
  await expectNoAxeViolations(page)
  await page.getByRole('link', { name: 'Back to your path' }).click()
  await expect(page).toHaveURL('/dashboard')
})

test('the assessment is offered once, before the first practice, and its answers are shown back on the path card', async ({ page }) => {
  await signInAsNewUser(page, 'nav-assess')
  await choosePath(page, 'mind')
  await page.goto('/dashboard')
  await expect(page.getByText('Before your first practice')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Take the Assessment' })).toBeVisible()

  expect((await page.request.put('/api/journey/assessment', { data: { focused: 40, energised: 55, calm: 30 } })).ok()).toBe(true)
  await completePractice(page, 1)
  await page.reload()
  const pathCard = page.getByRole('region', { name: 'Mind' })
  await expect(pathCard).toContainText('You started at focus 40, energy 55, calm 30')
  await expect(page.getByText('Before your first practice')).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Take the Assessment' })).toHaveCount(0)
  await expectNoAxeViolations(page)
})

test('a member who skipped the assessment is not offered it after their first practice', async ({ page }) => {
  await signInAsNewUser(page, 'nav-skip')
  await choosePath(page, 'calm')
  await completePractice(page, 1)
  await page.goto('/dashboard')
  await expect(page.getByRole('heading', { level: 1, name: 'Your Journey' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Calm' })).toBeVisible()
  await expect(page.getByText('Before your first practice')).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Take the Assessment' })).toHaveCount(0)
  await expect(page.getByText(/You started at/)).toHaveCount(0)
})
