import type { Page } from '@playwright/test'
import { INSTANCE_BUDGET_SPENT } from '../../src/server/olo/speech/budget'
import { conversation, expect, READ_TIME, signInAsNewUser, test } from './fixtures'
import { E2E_PORTS } from './ports'

/** The Lumin of playwright.config.ts whose voice may read 200 characters a day: the recap's opening, and no more. */
test.use({ baseURL: `http://localhost:${E2E_PORTS.spentVoice}` })

const START = new Date('2026-11-23T09:00:00')
const input = (page: Page) => page.getByRole('textbox', { name: 'Your message to Olo' })

interface SpeechAnswer {
  status: number
  retryAfter: string | undefined
  body: unknown
}

/** Every answer the server gives the page's POST /api/speech, in order, passed on to the page as it came. */
async function watchSpeech(page: Page) {
  const answers: SpeechAnswer[] = []
  await page.route('**/api/speech', async (route) => {
    const response = await route.fetch()
    answers.push({ status: response.status(), retryAfter: response.headers()['retry-after'], body: response.ok() ? null : ((await response.json()) as unknown) })
    await route.fulfill({ response })
  })
  return answers
}

async function send(page: Page, text: string) {
  await input(page).fill(text)
  await input(page).press('Enter')
}

test('when the day’s voice budget is spent, Olo’s lines get their reading time and the chat goes on', async ({ page }, testInfo) => {
  const speech = await watchSpeech(page)
  await page.clock.install({ time: START })
  await signInAsNewUser(page, 'voice-budget')
  await page.goto('/recap-conversation')
  await expect(conversation(page).getByText(/This is your weekly recap/)).toBeVisible()
  await expect.poll(() => speech.length).toBe(1)
  // A fresh day: Olo's voice reads the opening. A retried test finds the day's budget spent by its first try.
  if (testInfo.retry === 0) expect(speech[0]!.status).toBe(200)
  await page.clock.runFor(READ_TIME)
  await expect(input(page)).toBeEnabled({ timeout: 15_000 })

  await send(page, 'It was a lovely week, lots of walking.')
  await expect(conversation(page).getByText('How would you rate it, from 1 to 10?', { exact: false })).toBeVisible({ timeout: 15_000 })
  await expect.poll(() => speech.length).toBe(2)
  expect(speech[1]).toEqual({ status: 429, retryAfter: expect.stringMatching(/^\d+$/), body: { error: { code: 'RATE_LIMITED', message: INSTANCE_BUDGET_SPENT } } })

  // This browser has no voice of its own either: the reply holds the input for its reading time, not a moment less,
  // and then frees it; nothing says anything went wrong.
  await page.clock.runFor(1000)
  await expect(input(page)).toBeDisabled()
  await page.clock.runFor(READ_TIME)
  await expect(input(page)).toBeEnabled()
  await expect(page.getByRole('alert')).toHaveCount(0)

  // The chat goes on, in the same way.
  await send(page, 'A 7')
  await expect(conversation(page).getByText('Which dimension mattered most to you?', { exact: false })).toBeVisible({ timeout: 15_000 })
  await expect.poll(() => speech.length).toBe(3)
  expect(speech[2]!.status).toBe(429)
  await page.clock.runFor(READ_TIME)
  await expect(input(page)).toBeEnabled()
  await expect(page.getByRole('alert')).toHaveCount(0)
})
