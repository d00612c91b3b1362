import type { Page } from '@playwright/test'
import { conversation, expect, expectNoAxeViolations, signInAsNewUser, test } from './fixtures'
import { E2E_PORTS } from './ports'

const input = (page: Page) => page.getByRole('textbox', { name: 'Your message to Olo' })

/** Records what the page does with audio and what Olo's streaming bubble shows, delta by delta. */
async function watchPage(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = []
    const ended: string[] = []
    Object.assign(window, { __streamed: seen, __ended: ended })
    const play = HTMLMediaElement.prototype.play
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      this.addEventListener('ended', () => ended.push(this.currentSrc), { once: true })
      return play.call(this)
    }
    new MutationObserver(() => {
      const text = document.querySelector('[data-streaming]')?.textContent
      if (text && seen.at(-1) !== text) seen.push(text)
    }).observe(document, { subtree: true, childList: true, characterData: true })
  })
}

async function send(page: Page, text: string) {
  await expect(input(page)).toBeEnabled({ timeout: 15_000 })
  await input(page).fill(text)
  await input(page).press('Enter')
}

test('with a model provider, replies stream into the chat delta by delta and Olo’s voice plays', async ({ page }) => {
  await watchPage(page)
  await signInAsNewUser(page, 'stream')
  const speech = page.waitForResponse((r) => r.url().endsWith('/api/speech') && r.request().method() === 'POST')
  await page.goto('/recap-conversation')
  await expect(conversation(page).getByText(/This is your weekly recap/)).toBeVisible()
  // This server has a voice of its own, so audio starts on without the member choosing it.
  await expect(page.getByRole('button', { name: 'Audio on' })).toHaveAttribute('aria-pressed', 'true')
  // The page names Olo's line by its message; the server reads the words from the conversation.
  expect((await speech).request().postDataJSON()).toEqual({ messageId: expect.stringMatching(/^[0-9a-f-]{36}$/) })
  expect((await speech).status()).toBe(200)
  // The fake voice's audio really played to its end in the page.
  await expect.poll(() => page.evaluate(() => (window as unknown as { __ended: string[] }).__ended.length)).toBeGreaterThan(0)

  await send(page, 'It was a lovely week, lots of walking.')
  await expect(conversation(page).getByText('How would you rate it, from 1 to 10?', { exact: false })).toBeVisible()
  const streamed = await page.evaluate(() => (window as unknown as { __streamed: string[] }).__streamed)
  // The bubble grew while the reply streamed: at least two partial texts before the final message replaced it.
  expect(streamed.length).toBeGreaterThanOrEqual(2)
  expect(streamed[0]!.length).toBeLessThan(streamed.at(-1)!.length)

  await send(page, 'A 7')
  await send(page, 'Body, definitely')
  const summary = page.getByRole('region', { name: 'Your week in review' })
  await expect(summary).toBeVisible()
  await expect(summary).toContainText('Walk for 20 minutes after lunch on three days')
  await expect(page.getByText('[[OLO_END]]')).toHaveCount(0)
  await expect(page.getByText(/weekly_summary/)).toHaveCount(0)

  const voiceRequests = (await (await page.request.get(`http://127.0.0.1:${E2E_PORTS.fakeVoice}/voice-requests`)).json()) as { headers: Record<string, string> }[]
  expect(voiceRequests.length).toBeGreaterThan(0)
  expect(voiceRequests[0]!.headers['xi-api-key']).toBe('e2e-voice-key')
  await expect(page).toHaveURL(/\/weekly-dashboard$/, { timeout: 15_000 })
})

test('when the provider fails, the error panel offers Try Again, which answers the same message', async ({ page }) => {
  await signInAsNewUser(page, 'fails')
  await page.goto('/recap-conversation')
  await page.getByRole('button', { name: 'Audio on' }).click()
  const message = `My week was fine [fail-once] ${Date.now()}`
  await send(page, message)

  const panel = page.getByRole('alert').filter({ hasText: 'Something went wrong' })
  await expect(panel).toBeVisible()
  await expect(panel).toContainText('Failed to send message. Please try again.')
  await expect(panel.getByRole('link', { name: 'Return to Dashboard' })).toHaveAttribute('href', '/weekly-dashboard')
  await expectNoAxeViolations(page)

  await panel.getByRole('button', { name: 'Try Again' }).click()
  await expect(conversation(page).getByText('How would you rate it, from 1 to 10?', { exact: false })).toBeVisible()
  await expect(page.getByText(message, { exact: true })).toHaveCount(1)
  await page.reload()
  await expect(page.getByText(message, { exact: true })).toHaveCount(1)
})

test('when Olo’s voice fails in the recap, the audio stops without a word, the line gets its reading time, and Skip frees the input', async ({ page }) => {
  await page.clock.install({ time: new Date('2026-11-23T09:00:00') })
  await page.route('**/api/speech', (route) => route.fulfill({ status: 502, json: { error: { code: 'PROVIDER_FAILED', message: 'voice down' } } }))
  await signInAsNewUser(page, 'voiceless')
  await page.goto('/recap-conversation')
  const opening = conversation(page).getByText(/This is your weekly recap/)
  await expect(opening).toBeVisible()
  await expect(page.getByText('Take a moment to read what Olo said...')).toBeVisible()
  await expect(input(page)).toBeDisabled()
  await expect(page.getByRole('alert')).toHaveCount(0)
  // The opening's reading time is 50 ms a character; once it has passed, the box is free.
  const readMs = 50 * ((await opening.textContent()) ?? '').length
  await page.clock.runFor(readMs + 500)
  await expect(input(page)).toBeEnabled()

  await input(page).fill('A good week')
  await input(page).press('Enter')
  await expect(page.getByText('Take a moment to read what Olo said...')).toBeVisible()
  await page.getByRole('button', { name: 'Skip', exact: true }).click()
  await expect(input(page)).toBeEnabled()
})
