import type { Page } from '@playwright/test'
import { conversation, expect, signInAsNewUser, test } from './fixtures'
import { E2E_PORTS } from './ports'

const input = (page: Page) => page.getByRole('textbox', { name: 'Your message to Olo' })

test('with a model and a voice provider, the threshold speaks the greeting, then opens the exercise once it has played', async ({ page }) => {
  // Counts the audio that really played to its end in the page.
  await page.addInitScript(() => {
    const ended: string[] = []
    Object.assign(window, { __ended: ended })
    const play = HTMLMediaElement.prototype.play
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      this.addEventListener('ended', () => ended.push(this.currentSrc), { once: true })
      return play.call(this)
    }
  })
  const ended = () => page.evaluate(() => (window as unknown as { __ended: string[] }).__ended.length)
  await signInAsNewUser(page, 'threshold-voice')
  expect((await page.request.put('/api/journey/path', { data: { path: 'calm' } })).ok()).toBe(true)

  await page.goto('/threshold/next')
  await expect(page.getByText('Preparing for Breathing Bubble')).toBeVisible()
  await expect(conversation(page).getByText(/Breathing Bubble is a calm minute/)).toBeVisible()
  await expect(input(page)).toBeEnabled({ timeout: 15_000 })
  await input(page).fill('I would like to slow down')
  await input(page).press('Enter')
  await expect(conversation(page).getByText('What would you like to feel as you begin?', { exact: false })).toBeVisible()
  await expect(input(page)).toBeEnabled({ timeout: 15_000 })
  const playedBefore = await ended()

  await input(page).fill('Calm and soft')
  await input(page).press('Enter')
  // The page names the greeting by its conversation; the server reads it, with the model's intention in it, to the
  // voice, and it plays before the hand-over.
  const greeting = await page.waitForRequest((r) => r.url().endsWith('/api/speech') && (r.postData() ?? '').includes('greetingOf'))
  expect(greeting.method()).toBe('POST')
  expect(greeting.postDataJSON()).toEqual({ greetingOf: expect.stringMatching(/^[0-9a-f-]{36}$/) })
  await expect(page.getByText('Olo speaks...')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Your intention is set' })).toBeVisible({ timeout: 15_000 })
  expect(await ended()).toBeGreaterThan(playedBefore)
  const read = (await (await page.request.get(`http://127.0.0.1:${E2E_PORTS.fakeVoice}/voice-requests`)).json()) as { body: { text: string } }[]
  expect(read.some((r) => r.body.text.includes('I breathe slowly and let my shoulders drop.'))).toBe(true)
  await expect(page).toHaveURL(/\/breathing-bubble\?practice=[0-9a-f-]{36}$/, { timeout: 5_000 })
  await expect(page.getByText('I breathe slowly and let my shoulders drop.')).toBeVisible()
  await expect(page.getByText('[[OLO_END]]')).toHaveCount(0)
})
