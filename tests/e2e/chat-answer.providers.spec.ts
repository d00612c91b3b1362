import type { Page } from '@playwright/test'
import { conversation, expect, expectNoAxeViolations, signInAsNewUser, test } from './fixtures'

const input = (page: Page) => page.getByRole('textbox', { name: 'Your message to Olo' })
const oloMessages = (page: Page) => conversation(page).getByRole('listitem').filter({ hasText: /^Olo: / })

/** A minute of silence (8 kHz, 8-bit mono WAV): long enough that Olo is still speaking whenever the test looks. */
function longSilence(): Buffer {
  const samples = 8000 * 60
  const wav = Buffer.alloc(44 + samples, 0x80)
  wav.write('RIFF', 0, 'ascii')
  wav.writeUInt32LE(36 + samples, 4)
  wav.write('WAVEfmt ', 8, 'ascii')
  wav.writeUInt32LE(16, 16)
  wav.writeUInt16LE(1, 20)
  wav.writeUInt16LE(1, 22)
  wav.writeUInt32LE(8000, 24)
  wav.writeUInt32LE(8000, 28)
  wav.writeUInt16LE(1, 32)
  wav.writeUInt16LE(8, 34)
  wav.write('data', 36, 'ascii')
  wav.writeUInt32LE(samples, 40)
  return wav
}

test.use({ viewport: { width: 390, height: 844 } })

test('with a server voice, audio starts on; while Olo speaks the box says so, and Skip or Escape ends the line at once', async ({ page }) => {
  const audio = longSilence()
  await page.route('**/api/speech', (route) => route.fulfill({ status: 200, contentType: 'audio/wav', body: audio }))
  // Keeps every element the page plays Olo's voice through, to see that Skip really stops it.
  await page.addInitScript(() => {
    const played: HTMLMediaElement[] = []
    Object.assign(window, { __played: played })
    const play = HTMLMediaElement.prototype.play
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      played.push(this)
      return play.call(this)
    }
  })
  await signInAsNewUser(page, 'skip-voice')
  await page.goto('/recap-conversation')
  await expect(conversation(page).getByText(/This is your weekly recap/)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Audio on' })).toHaveAttribute('aria-pressed', 'true')

  await expect(page.getByText('Please wait for Olo to finish speaking...')).toBeVisible()
  await expect(input(page)).toHaveAttribute('placeholder', 'Olo is speaking...')
  await expect(input(page)).toBeDisabled()
  await expectNoAxeViolations(page)
  await page.getByRole('button', { name: 'Skip', exact: true }).click()
  await expect(input(page)).toBeEnabled()
  await expect(input(page)).toBeFocused()
  await expect(page.getByText('Please wait for Olo to finish speaking...')).toHaveCount(0)
  const played = () => page.evaluate(() => (window as unknown as { __played: HTMLMediaElement[] }).__played.map((media) => media.paused))
  expect(await played()).toEqual([true])

  await input(page).fill('It was a lovely week, lots of walking.')
  await input(page).press('Enter')
  await expect(page.getByText('Olo is thinking...')).toBeVisible()
  await expect(oloMessages(page)).toHaveCount(2)
  await expect(page.getByText('Please wait for Olo to finish speaking...')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(input(page)).toBeEnabled()
})
