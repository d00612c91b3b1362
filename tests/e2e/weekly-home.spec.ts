import type { Page } from '@playwright/test'
import { DIMENSION_INFO, DIMENSIONS } from '../../src/core/dimensions'
import { OLO_INTRO_LINES, oloIntroSchedule } from '../../src/core/timings'
import { expect, expectNoAxeViolations, MARGIN, signInAsNewUser, stepUntilVisible, test } from './fixtures'


function orbList(page: Page) {
  return page.getByRole('list', { name: 'Your dimensions' }).getByRole('listitem')
}

async function expectOrb(page: Page, label: string, percent: number) {
  await expect(orbList(page).filter({ hasText: label })).toHaveText(new RegExp(`^${label}\\s*${percent}%$`))
}

test('a newcomer sees unlit orbs and Olo introduce the weekly recap, which is skipped once seen', async ({ page }) => {
  await signInAsNewUser(page, 'weekly')
  const start = new Date('2026-11-24T08:00:00Z')
  await page.clock.install({ time: start })
  // Paused before the page loads, so every timer of the intro runs on the test's clock alone.
  await page.clock.pauseAt(new Date(start.getTime() + 60_000))
  await page.goto('/weekly-dashboard')

  const [first, second, third] = OLO_INTRO_LINES.map((line) => page.getByText(line.text, { exact: true }))
  const { lineAt, startAt } = oloIntroSchedule()
  const startButton = page.getByRole('link', { name: 'Start Weekly Recap' })
  await stepUntilVisible(page, first!)

  await expect(orbList(page)).toHaveCount(7)
  for (const dimension of DIMENSIONS) await expectOrb(page, DIMENSION_INFO[dimension].label, 0)
  await expect(page.getByText('Practices, weekly tasks and goals light up your orbs.')).toBeVisible()

  let elapsed = 0
  async function runTo(ms: number) {
    await page.clock.runFor(ms - elapsed)
    elapsed = ms
  }
  await runTo(lineAt[1]! - MARGIN)
  await expect(second!).toBeHidden()
  await runTo(lineAt[1]! + MARGIN)
  await expect(second!).toBeVisible()
  await expect(first!).toBeVisible()
  await runTo(lineAt[2]! - MARGIN)
  await expect(third!).toBeHidden()
  await runTo(lineAt[2]! + MARGIN)
  await expect(third!).toBeVisible()
  await runTo(startAt - MARGIN)
  await expect(startButton).toHaveCount(0)
  await runTo(startAt + MARGIN)
  await expect(startButton).toBeVisible()
  await expect(page.getByText('about 10 minutes', { exact: true })).toBeVisible()

  // Seen once, the intro no longer plays: on the next visit everything is there without the clock moving on.
  await page.reload()
  await stepUntilVisible(page, first!)
  await expect(third!).toBeVisible()
  await expect(startButton).toBeVisible()

  // axe-core waits on timers of its own, so it runs once the clock moves again.
  await page.clock.resume()
  await expect(startButton).toHaveCSS('opacity', '1')
  await expectNoAxeViolations(page)
  await startButton.click()
  await expect(page).toHaveURL('/recap-conversation')
})

test('a finished recap shows its summary and tasks; ticking a task lights its orb and stays ticked', async ({ page }) => {
  await signInAsNewUser(page, 'recap-done')
  await page.goto('/weekly-dashboard')
  await expectOrb(page, 'Body', 0)

  // The week is the browser's, so the recap is made in the zone the page asks about.
  const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)
  const started = await page.request.post('/api/weekly/recap', { data: { timeZone } })
  expect(started.ok()).toBe(true)
  const { recap } = (await started.json()) as { recap: { conversationId: string } }
  for (const content of ['Busy but good, I ran twice', '7', 'body', 'my health and sleep']) {
    const reply = await page.request.post(`/api/conversations/${recap.conversationId}/messages`, {
      data: { id: crypto.randomUUID(), content },
    })
    expect(reply.ok()).toBe(true)
    await reply.text()
  }

  await page.reload()
  await expect(page.getByRole('heading', { name: 'Your week in review' })).toBeVisible()
  await expect(page.getByText('You rated your week 7/10')).toBeVisible()
  await expect(page.getByText('Top priority this week').locator('..')).toContainText('Body')
  await expect(page.getByRole('link', { name: /Weekly Recap/ })).toHaveCount(0)

  const tasks = page.getByRole('checkbox')
  expect(await tasks.count()).toBeGreaterThanOrEqual(2)
  await expect(tasks.first()).not.toBeChecked()
  await expectNoAxeViolations(page)

  // A tap, then the tick: the box shows the task's status once the home has taken it, a moment after the tap (check()
  // would ask for it within the same moment).
  await tasks.first().click()
  await expect(tasks.first()).toBeChecked()
  await expectOrb(page, 'Body', 20)

  await page.reload()
  await expect(tasks.first()).toBeChecked()
  await expectOrb(page, 'Body', 20)
  await expect(page.getByText(/^1 of \d done$/)).toBeVisible()

  await tasks.first().click()
  await expect(tasks.first()).not.toBeChecked()
  await expectOrb(page, 'Body', 0)
})

test('opened directly, the weekly home asks once for the session and once for each of its answers', async ({ page }) => {
  await signInAsNewUser(page, 'weekly-once')
  const asked: string[] = []
  const answered = new Set<string>()
  page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (pathname.startsWith('/api/')) asked.push(pathname)
  })
  page.on('requestfinished', (request) => answered.add(new URL(request.url()).pathname))
  // The session answers last, so the screen first renders with its answers already here: it uses them, not asks again.
  await page.route('**/api/session', async (route) => {
    await expect.poll(() => ['/api/weekly', '/api/journey', '/api/check-ins'].every((path) => answered.has(path))).toBe(true)
    await route.continue()
  })
  await page.goto('/weekly-dashboard')
  await expect(orbList(page)).toHaveCount(7)
  await page.waitForLoadState('networkidle')
  // Once the screen is idle, a device that keeps no safety plan yet reads the member's, once, so it opens offline.
  expect(asked.sort()).toEqual(['/api/check-ins', '/api/journey', '/api/safety-plan', '/api/session', '/api/weekly'])
  await page.reload()
  await expect(orbList(page)).toHaveCount(7)
  await page.waitForLoadState('networkidle')
  expect(asked.filter((path) => path === '/api/safety-plan')).toHaveLength(1)
})
