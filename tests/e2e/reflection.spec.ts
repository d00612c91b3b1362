import type { Page } from '@playwright/test'
import { chatInput, conversation, expect, expectNoAxeViolations, oloMessages, READ_TIME, signInAsNewUser, tell, test } from './fixtures'

const START = new Date('2026-11-24T09:00:00')
const WORK_DAY = 'Work was so stressful today. My boss kept piling on deadlines and I felt anxious all afternoon. I did manage a short walk after dinner.'

const input = chatInput

/** A member on the calm path with one saved journal entry, through the journal's own API. */
async function memberWithEntry(page: Page, label: string) {
  await page.clock.install({ time: START })
  await signInAsNewUser(page, label)
  expect((await page.request.put('/api/journey/path', { data: { path: 'calm' } })).ok()).toBe(true)
  const id = crypto.randomUUID()
  const saved = await page.request.post('/api/journal', { data: { id, title: 'A long day', body: WORK_DAY, prompt: null, timeZone: 'Europe/Paris' } })
  expect(saved.status()).toBe(201)
  const { entry } = (await saved.json()) as { entry: { localDate: string } }
  return { id, localDate: entry.localDate }
}

/** How the journal writes an entry's day: the server dates it by its own clock, which the page's clock doesn't move. */
const entryDay = (localDate: string) =>
  new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${localDate}T12:00:00Z`))


test('a member reflects on a journal entry with the offline Olo and finds Olo’s reflection under it', async ({ page }) => {
  const { id } = await memberWithEntry(page, 'reflect')
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/journal')
  await page.getByRole('link', { name: 'Reflect with Olo' }).click()
  await expect(page).toHaveURL(new RegExp(`/journal/${id}/reflect\\?conversation=[0-9a-f-]{36}$`))
  await expect(page.getByRole('heading', { level: 1, name: 'Reflect with Olo' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'A long day' })).toContainText('Work was so stressful today.')
  // The offline guide sends the entry nowhere, so there is no line saying it will be.
  await expect(page.getByText(/will be sent to/)).toHaveCount(0)
  await expect(conversation(page).getByText(/Reading it back now, how do you feel\?/)).toBeVisible()
  await page.screenshot({ path: 'test-results/reflection-390-chat.png', fullPage: true })

  await tell(page, 'Tired, but a bit calmer now')
  await expect(oloMessages(page).last()).toContainText('?')
  await tell(page, "The deadlines, I can't stop thinking about them")
  await tell(page, 'Finishing one task at a time')

  const reflection = page.getByRole('region', { name: "Olo's reflection" })
  await expect(reflection).toContainText('You wrote about your work and where it is taking you')
  await expect(reflection).toContainText(`you said: "The deadlines, I can't stop thinking about them".`)
  await expect(reflection.getByRole('link', { name: 'Breathing Bubble' })).toHaveAttribute('href', '/threshold/1')
  await expect(page.getByRole('heading', { name: "Olo's reflection" })).toBeFocused()
  await expect(input(page)).toHaveCount(0)
  await expect(page.getByText('[[OLO_END]]')).toHaveCount(0)
  await page.clock.runFor(READ_TIME)
  await expectNoAxeViolations(page)
  await page.screenshot({ path: 'test-results/reflection-390-done.png', fullPage: true })

  // A reload shows the same reflection, and begins no other.
  await page.reload()
  await expect(page.getByRole('region', { name: "Olo's reflection" })).toContainText('You wrote about your work')

  await page.getByRole('region', { name: "Olo's reflection" }).getByRole('link', { name: 'Back to Journal' }).click()
  await expect(page).toHaveURL(/\/journal$/)
  await expect(page.getByText("Olo's reflection")).toBeVisible()
  await expect(page.getByText(/You wrote about your work and where it is taking you/)).toBeVisible()
})

test('asks an unusable answer again, and reaches the keyboard only user', async ({ page }) => {
  const { id } = await memberWithEntry(page, 'reflect-keys')
  await page.goto(`/journal/${id}/reflect`)
  await expect(conversation(page).getByText(/how do you feel\?/)).toBeVisible()
  await tell(page, 'idk')
  await expect(oloMessages(page).last()).toContainText("That's alright, there's no right answer.")
  for (const answer of ['Relieved', 'My boss', 'Breathe']) await tell(page, answer)
  const reflection = page.getByRole('region', { name: "Olo's reflection" })
  await expect(reflection).toBeVisible()
  // From the focused heading, Tab reaches the practice and the way back.
  await page.keyboard.press('Tab')
  await expect(reflection.getByRole('link', { name: 'Breathing Bubble' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(reflection.getByRole('link', { name: 'Back to Journal' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/journal$/)
})

test('another member’s entry is not found', async ({ page, browser }) => {
  const { id } = await memberWithEntry(page, 'reflect-owner')
  const other = await browser.newPage()
  await signInAsNewUser(other, 'reflect-other')
  await other.goto(`/journal/${id}/reflect`)
  await expect(other.getByText('We could not find that journal entry.')).toBeVisible()
  await expect(other.getByRole('alert').getByRole('link', { name: 'Back to Journal' })).toBeVisible()
  await other.close()
})

test('an entry deleted while its reflection is open ends the reflection calmly, and its date reads as in the journal', async ({ page }) => {
  const { id, localDate } = await memberWithEntry(page, 'reflect-deleted')
  await page.goto(`/journal/${id}/reflect`)
  await expect(page.getByRole('region', { name: 'A long day' })).toContainText(entryDay(localDate))
  await tell(page, 'Tired, but a bit calmer now')
  // Deleted meanwhile, as from another tab.
  expect((await page.request.delete(`/api/journal/${id}`)).ok()).toBe(true)
  await page.clock.runFor(READ_TIME)
  await expect(input(page)).toBeEnabled()
  await input(page).fill('Still thinking about it')
  await input(page).press('Enter')
  const ended = page.getByRole('status').filter({ hasText: 'This journal entry has been deleted, so this reflection has ended.' })
  await expect(ended).toBeVisible()
  await expect(page.getByRole('button', { name: 'Try Again' })).toHaveCount(0)
  await expect(page.getByRole('alert')).toHaveCount(0)
  await expectNoAxeViolations(page)
  await ended.getByRole('link', { name: 'Back to Journal' }).click()
  await expect(page).toHaveURL(/\/journal$/)
})
