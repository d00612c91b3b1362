import type { Page } from '@playwright/test'
import { INSIGHT_MIN_DAYS } from '../../src/core/stats'
import type { HistoryDay } from '../support/factories'
import { createMember, expect, expectFocusVisible, expectNoAxeViolations, tabTo, test } from './fixtures'

const ZONE = 'Europe/Paris'
test.use({ timezoneId: ZONE })

/** The last `n` local days in ZONE, oldest first, today included. */
function lastDays(n: number): string[] {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date())
  const base = Date.parse(`${today}T00:00:00Z`)
  return Array.from({ length: n }, (_, i) => new Date(base - (n - 1 - i) * 86_400_000).toISOString().slice(0, 10))
}

/** Two months of a member's days: a check-in most days, better on practice days, and a practice two days in three. */
function twoMonths(): HistoryDay[] {
  return lastDays(60).map((date, i) => ({
    date,
    checkIns: i % 7 === 3 ? [] : [{ mood: i % 3 === 0 ? 'okay' : 'good', hour: i % 2 === 0 ? 8 : 20, emotions: ['calm', 'grateful'], dimensions: ['heart'] }],
    practices: i % 3 === 0 ? [] : [{ path: i % 2 === 0 ? 'calm' : 'mind' }],
  }))
}

/** `practised` days with a practice and a check-in, then INSIGHT_MIN_DAYS.practiceMood days with a check-in alone. */
function practiceDays(practised: number): HistoryDay[] {
  const other = INSIGHT_MIN_DAYS.practiceMood
  return lastDays(practised + other).map((date, i) => ({ date, checkIns: [{ mood: i < practised ? 'great' : 'okay', hour: 9 }], practices: i < practised ? [{ path: 'calm' }] : [] }))
}

const section = (page: Page, name: string) => page.getByRole('region', { name })

test('a member with history opens Stats, switches range and reads a chart’s numbers in its table, by keyboard only', async ({ page }) => {
  await createMember(page.request, { label: 'stats', history: { timeZone: ZONE, days: twoMonths() } })
  await page.goto('/dashboard')
  // From the dashboard's bar to Stats, the table and the range switch, by keyboard alone.
  await tabTo(page, page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Stats' }))
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL('/stats')
  await expect(page.getByRole('heading', { level: 1, name: 'Stats' })).toBeVisible()
  for (const name of ['Mood', 'Practices', 'Streak', 'Dimensions', 'Goals', 'Insights']) await expect(page.getByRole('heading', { level: 2, name })).toBeVisible()

  const mood = section(page, 'Mood')
  await expect(mood.getByText(/^Your mood .* over the last 30 days\.$/)).toBeVisible()
  await expect(section(page, 'Streak').getByText('One rest day in any seven doesn’t break a streak.', { exact: false })).toBeVisible()
  await expect(section(page, 'Insights').getByText(/^On days you practise, your mood averages Good; on other days, Okay — over \d+ days\.$/)).toBeVisible()
  await expectNoAxeViolations(page)

  const thirty = page.getByRole('radio', { name: '30 days' })
  await tabTo(page, thirty)
  await expect(thirty).toBeChecked()
  await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('radio', { name: '90 days' })).toBeChecked()
  await expect(mood.getByText(/over the last 90 days/)).toBeVisible()
  await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('radio', { name: 'Year' })).toBeChecked()
  await expect(mood.getByText(/over the last year/)).toBeVisible()

  const numbers = mood.getByText('Show the numbers of the mood line')
  await tabTo(page, mood.locator('summary').first())
  await page.keyboard.press('Enter')
  const table = mood.getByRole('table', { name: 'Average mood on each day with a check-in' })
  await expect(table).toBeVisible()
  // 60 days, one in seven without a check-in.
  await expect(table.getByRole('row')).toHaveCount(1 + 60 - 9)
  await expect(table.getByRole('row').nth(1).getByRole('cell').first()).toHaveText(/^(Okay|Good) \([34]\.0 of 5\)$/)
  await expect(numbers).toBeVisible()
  await expectFocusVisible(page)
  await expectNoAxeViolations(page)

  // Still pictures: a full-page capture may catch a chart mid-animation.
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: test.info().outputPath('stats-390.png'), fullPage: true })
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.screenshot({ path: test.info().outputPath('stats-1280.png'), fullPage: true })
})

test('the Insights sentence appears with enough days, and not with one fewer', async ({ browser }) => {
  const min = INSIGHT_MIN_DAYS.practiceMood
  for (const [practised, said] of [
    [min, true],
    [min - 1, false],
  ] as const) {
    const context = await browser.newContext({ timezoneId: ZONE })
    const page = await context.newPage()
    await createMember(page.request, { label: 'insight', history: { timeZone: ZONE, days: practiceDays(practised) } })
    await page.goto('/stats#insights')
    const insights = section(page, 'Insights')
    // The side menu's Insights leads here: the section's heading has the focus, in view.
    await expect(page.getByRole('heading', { level: 2, name: 'Insights' })).toBeFocused()
    await expect(insights).toBeInViewport()
    const sentence = insights.getByText(`On days you practise, your mood averages Great; on other days, Okay — over ${practised + min} days.`)
    if (said) await expect(sentence).toBeVisible()
    else {
      await expect(insights.getByText(/Insights appear once there are enough days/)).toBeVisible()
      await expect(sentence).toHaveCount(0)
    }
    await context.close()
  }
})

test('hiding streaks in Settings hides them on Stats', async ({ page }) => {
  await createMember(page.request, { label: 'streaks', history: { timeZone: ZONE, days: twoMonths() } })
  await page.goto('/stats')
  await expect(section(page, 'Streak')).toBeVisible()
  await page.goto('/settings')
  const streaks = page.getByRole('switch', { name: 'Show streaks' })
  await expect(streaks).toHaveAttribute('aria-checked', 'true')
  await streaks.click()
  await expect(streaks).toHaveAttribute('aria-checked', 'false')
  await expect.poll(async () => ((await (await page.request.get('/api/account/preferences')).json()) as { showStreaks: boolean }).showStreaks).toBe(false)
  await page.goto('/stats')
  await expect(page.getByRole('heading', { level: 2, name: 'Mood' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Streak' })).toHaveCount(0)
})

test('a newcomer sees each section invite a first step, not empty axes, and nothing moves with reduced motion', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await createMember(page.request, { label: 'stats-new' })
  await page.goto('/stats')
  await expect(section(page, 'Mood').getByRole('link', { name: 'Check in on your weekly home' })).toBeVisible()
  await expect(section(page, 'Practices').getByRole('link', { name: 'Start a practice' })).toBeVisible()
  await expect(section(page, 'Goals').getByRole('link', { name: 'Set a goal' })).toBeVisible()
  await expect(section(page, 'Streak').getByText('0', { exact: true }).first()).toBeVisible()
  await expectNoAxeViolations(page)

  // With history and reduced motion, the charts are drawn without an animation.
  await createMember(page.request, { label: 'stats-still', history: { timeZone: ZONE, days: twoMonths() } })
  await page.goto('/stats')
  const chart = section(page, 'Mood').locator('svg').first()
  await expect(chart).toBeVisible()
  expect(await chart.evaluate((svg) => getComputedStyle(svg).animationName)).toBe('none')
})

test('on a phone, Stats says a tie of moods as a tie, and a goal made and moved today shows the day’s change', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  const [yesterday, today] = lastDays(2)
  await createMember(page.request, {
    label: 'stats-tie',
    history: { timeZone: ZONE, days: [{ date: yesterday!, checkIns: [{ mood: 'okay', hour: 9 }] }, { date: today!, checkIns: [{ mood: 'good', hour: 9 }] }] },
  })
  // A goal made with the offline Olo, then moved from 0 to 27 % on the same day.
  const { categories } = (await (await page.request.get('/api/goals/categories')).json()) as { categories: { id: number; name: string }[] }
  const started = await page.request.post('/api/goals/chats', { data: { categoryId: categories.find((c) => c.name === 'Health & Fitness')!.id } })
  const { conversationId } = (await started.json()) as { conversationId: string }
  await (await page.request.post(`/api/conversations/${conversationId}/messages`, { data: { id: crypto.randomUUID(), content: 'I want to run 100 km in 3 months' } })).text()
  const { goal } = (await (await page.request.get(`/api/goals/chats/${conversationId}`)).json()) as { goal: { id: string } }
  expect((await page.request.put(`/api/goals/${goal.id}/progress`, { data: { currentValue: 27 } })).ok()).toBe(true)

  await page.goto('/stats')
  const mood = section(page, 'Mood')
  await expect(mood.getByText('Of your 2 check-ins: Okay and Good, once each.')).toBeVisible()
  await expect(mood.getByText(/more than any other/)).toHaveCount(0)

  const goals = section(page, 'Goals')
  const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${today}T00:00:00Z`))
  await expect(goals.getByText(`Run 100 km: progress rose from 0% to 27% on ${day}.`)).toBeVisible()
  await expect(goals.getByText(/no change in this range/)).toHaveCount(0)
  // The chart draws the day's change, a line from the start to where the goal is, not a lone dot.
  const line = goals.locator('svg path').first()
  const box = (await line.boundingBox())!
  expect(box.width).toBeGreaterThan(100)
  expect(box.height).toBeGreaterThan(5)
  await page.screenshot({ path: test.info().outputPath('stats-390.png'), fullPage: true })
})
