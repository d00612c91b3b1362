import type { Page } from '@playwright/test'
import type { HistoryDay } from '../support/factories'
import { shiftMonth } from '../../src/core/calendar'
import { MOODS } from '../../src/core/moods'
import { PATHS } from '../../src/core/paths'
import { createMember, expect, expectNoAxeViolations, tabTo, test } from './fixtures'

const ZONE = 'Europe/Paris'
test.use({ timezoneId: ZONE, locale: 'en-GB' })

const DAY_MS = 24 * 60 * 60_000
/** The date `days` before today on Paris's calendar. */
function parisDate(daysAgo: number) {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.now() - daysAgo * DAY_MS))
}
const sayDay = (date: string) => new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`))
const sayMonth = (date: string) => new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`))

/**
 * A year and more of days before today: a check-in each day, its mood walking through the five, a practice every
 * other day, a journal entry every third. Yesterday (one day ago) is Good, with a practice and an entry.
 */
function aYearBehind(): HistoryDay[] {
  return Array.from({ length: 400 }, (_, i) => {
    const daysAgo = i + 1
    return {
      date: parisDate(daysAgo),
      checkIns: [{ mood: MOODS[(daysAgo + 2) % MOODS.length]!, hour: 9, emotions: ['calm'] }],
      practices: daysAgo % 2 === 1 ? [{ path: PATHS[daysAgo % PATHS.length]!, hour: 18 }] : [],
      journal: daysAgo % 3 === 1,
    }
  })
}

const hexToRgb = (hex: string) => `rgb(${[1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)).join(', ')})`
const grid = (page: Page) => page.getByRole('grid')
/** The grid has its data and has faded back in: axe measures contrast on the colours a member reads, not mid-fade. */
async function calendarSettled(page: Page) {
  await expect(grid(page)).toHaveAttribute('aria-busy', 'false')
  await expect(grid(page)).toHaveCSS('opacity', '1')
}

const dayCell = (page: Page, date: string) => grid(page).locator(`[data-date="${date}"]`)

async function openCalendarByKeyboard(page: Page) {
  await page.goto('/weekly-dashboard')
  await tabTo(page, page.getByRole('button', { name: 'Open menu' }))
  await page.keyboard.press('Enter')
  const menu = page.getByRole('dialog', { name: 'Menu' })
  await expect(menu.getByRole('link', { name: 'Insights' })).toHaveAttribute('href', '/stats#insights')
  await tabTo(page, menu.getByRole('link', { name: 'Calendar' }))
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL('/calendar')
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible()
}

test('a member with a year behind them looks back on the Calendar, by keyboard only', async ({ page }) => {
  await createMember(page.request, { label: 'calendar', history: { timeZone: ZONE, days: aYearBehind() } })
  await openCalendarByKeyboard(page)

  const today = parisDate(0)
  const yesterday = parisDate(1)
  await expect(page.getByRole('heading', { level: 2, name: sayMonth(today) })).toBeVisible()
  await expect(dayCell(page, today)).toHaveAccessibleName(`${sayDay(today)}, today, nothing recorded`)
  await calendarSettled(page)
  await expectNoAxeViolations(page)

  // The month before, and back.
  await tabTo(page, page.getByRole('button', { name: 'Previous month' }))
  await page.keyboard.press('Enter')
  const previousMonth = shiftMonth(today.slice(0, 7), -1)
  await expect(page.getByRole('heading', { level: 2, name: sayMonth(`${previousMonth}-15`) })).toBeVisible()
  await expect(dayCell(page, `${previousMonth}-15`)).toHaveAccessibleName(/, (Awful|Bad|Okay|Good|Great) \(1 check-in\)/)
  await tabTo(page, page.getByRole('button', { name: 'Next month' }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 2, name: sayMonth(today) })).toBeVisible()

  // Into the grid: the day with the Tab stop is today; the arrows move, Enter chooses.
  await tabTo(page, dayCell(page, today))
  // Yesterday, in the month before on the 1st: Good, in the check-in's colour for Good.
  await page.keyboard.press('ArrowLeft')
  await expect(dayCell(page, yesterday)).toBeFocused()
  await expect(dayCell(page, yesterday)).toHaveAccessibleName(`${sayDay(yesterday)}, Good (1 check-in), 1 practice, 1 journal entry`)
  const good = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-mood-good').trim())
  await expect(dayCell(page, yesterday)).toHaveCSS('background-color', hexToRgb(good))
  await page.keyboard.press('Enter')
  const details = page.getByRole('region', { name: sayDay(yesterday) })
  await expect(details).toBeVisible()
  await expect(details.getByRole('list', { name: 'Check-ins' })).toContainText('Good')
  await expect(details.getByRole('list', { name: 'Check-ins' })).toContainText('calm')
  const practice = details.getByRole('list', { name: 'Practices' }).getByRole('link')
  await expect(practice).toHaveCount(1)
  await expect(practice).toHaveAttribute('href', '/dashboard')
  const entry = details.getByRole('list', { name: 'Journal' }).getByRole('link')
  await expect(entry).toContainText(`What stayed with me on ${yesterday}.`)
  await calendarSettled(page)
  await expectNoAxeViolations(page)

  // The entry opens on the journal, focused.
  await tabTo(page, entry)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/journal\?entry=[0-9a-f-]{36}$/)
  await expect(page.getByRole('article').filter({ hasText: `What stayed with me on ${yesterday}.` })).toBeFocused()
  await page.goBack()
  await expect(page.getByRole('region', { name: sayDay(yesterday) })).toBeVisible()

  // An entry far back, past the journal's first page, is found too.
  const older = parisDate(391)
  await page.goto(`/calendar?month=${older.slice(0, 7)}&day=${older}`)
  await page.getByRole('region', { name: sayDay(older) }).getByRole('list', { name: 'Journal' }).getByRole('link').click()
  await expect(page.getByRole('article').filter({ hasText: `What stayed with me on ${older}.` })).toBeFocused()
  await page.goBack()

  // The practice leads to the path.
  await page.getByRole('region', { name: sayDay(older) }).getByRole('list', { name: 'Practices' }).getByRole('link').focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL('/dashboard')
  await page.goBack()

  // The year in pixels, from this month.
  await page.goto('/calendar')
  await tabTo(page, page.getByRole('button', { name: 'Year', exact: true }))
  await page.keyboard.press('Enter')
  const year = today.slice(0, 4)
  await expect(page.getByRole('heading', { level: 2, name: year })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Year', exact: true })).toHaveAttribute('aria-pressed', 'true')
  const daysThisYear = Math.round((Date.parse(`${today}T12:00:00Z`) - Date.parse(`${year}-01-01T12:00:00Z`)) / DAY_MS)
  const counted = daysThisYear === 0 ? `No check-ins in ${year} yet.` : daysThisYear === 1 ? `One day with a check-in in ${year}.` : `${daysThisYear} days with a check-in in ${year}.`
  await expect(page.getByRole('status').filter({ hasText: `in ${year}` })).toHaveText(counted)
  await calendarSettled(page)
  await expectNoAxeViolations(page)
  await tabTo(page, dayCell(page, today))
  await page.keyboard.press('ArrowUp')
  await expect(dayCell(page, yesterday)).toBeFocused()
  await expect(dayCell(page, yesterday)).toHaveAccessibleName(`${sayDay(yesterday)}, Good (1 check-in), 1 practice, 1 journal entry`)
  await page.keyboard.press('Enter')
  await expect(page.getByRole('button', { name: 'Month', exact: true })).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByRole('region', { name: sayDay(yesterday) })).toBeVisible()
})

test('a member with nothing yet is invited to a first check-in', async ({ page }) => {
  await createMember(page.request, { label: 'calendar-empty' })
  await page.goto('/calendar')
  await expect(page.getByRole('heading', { name: 'Your calendar fills with colour as you check in' })).toBeVisible()
  await expectNoAxeViolations(page)
  await page.getByRole('link', { name: 'Check in now' }).click()
  await expect(page).toHaveURL('/weekly-dashboard')
})

for (const width of [390, 1280]) {
  test(`the calendar at ${width} px wide`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width, height: 900 })
    await createMember(page.request, { label: `calendar-${width}`, history: { timeZone: ZONE, days: aYearBehind() } })
    await page.goto(`/calendar?month=${parisDate(1).slice(0, 7)}&day=${parisDate(1)}`)
    await expect(page.getByRole('region', { name: sayDay(parisDate(1)) })).toBeVisible()
    // Nothing reaches past the screen's edge.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    await page.screenshot({ path: testInfo.outputPath(`calendar-month-${width}.png`), fullPage: true })
    await page.getByRole('button', { name: 'Year', exact: true }).click()
    await expect(page.getByRole('status').filter({ hasText: 'with a check-in' })).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    await page.screenshot({ path: testInfo.outputPath(`calendar-year-${width}.png`), fullPage: true })
  })
}
