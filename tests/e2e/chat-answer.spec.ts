import type { Page } from '@playwright/test'
import { AI_GUIDE_LINE, CLOCK_STEP, conversation, expect, expectNoAxeViolations, signInAsNewUser, stepUntilVisible, test } from './fixtures'

const input = (page: Page) => page.getByRole('textbox', { name: 'Your message to Olo' })
const oloMessages = (page: Page) => conversation(page).getByRole('listitem').filter({ hasText: /^Olo: / })
const clockNow = (page: Page) => page.evaluate(() => Date.now())

test.use({ viewport: { width: 390, height: 844 } })

test('with audio off, nothing is spoken: the box is free as soon as each reply has arrived, and says only what is true', async ({ page }) => {
  await page.clock.install({ time: new Date('2026-11-23T09:00:00') })
  await signInAsNewUser(page, 'answer-at-once')
  await page.goto('/recap-conversation')
  await expect(conversation(page).getByText(/This is your weekly recap/)).toBeVisible()

  // This server has no voice of its own, so audio starts off; the header says what Olo is, and the opening doesn't.
  await expect(page.getByRole('button', { name: 'Audio off' })).toHaveAttribute('aria-pressed', 'false')
  await expect(page.getByRole('banner')).toContainText(AI_GUIDE_LINE)
  await expect(oloMessages(page).first()).not.toContainText(/\bAI\b|therapist/)
  await expect(input(page)).toBeEnabled()
  await expect(page.getByRole('button', { name: 'Skip', exact: true })).toHaveCount(0)
  await expectNoAxeViolations(page)

  // From here the clock moves only as the test moves it: the next message goes well inside any reading time (2 s or more).
  await page.clock.pauseAt(new Date((await clockNow(page)) + 500))
  for (const [turn, text] of ['It was a gentle week with some long walks.', 'I would give it an 8'].entries()) {
    const before = await clockNow(page)
    await input(page).fill(text)
    await input(page).press('Enter')
    await stepUntilVisible(page, oloMessages(page).nth(turn + 1))
    await expect(input(page)).toBeEnabled()
    await expect(page.getByText(/Please wait|Olo is speaking|Take a moment/)).toHaveCount(0)
    expect((await clockNow(page)) - before).toBeLessThan(1000 + CLOCK_STEP)
  }
  await expect(page.getByRole('banner')).toContainText(AI_GUIDE_LINE)
})

test('the chat header’s notice stays at 390 px, on one screen with the way back and the audio switch', async ({ page }) => {
  await signInAsNewUser(page, 'notice-header')
  await page.goto('/recap-conversation')
  await expect(conversation(page).getByText(/This is your weekly recap/)).toBeVisible()
  const banner = page.getByRole('banner')
  await expect(banner.getByText(AI_GUIDE_LINE)).toBeInViewport()
  await expect(banner.getByRole('link', { name: 'How Olo keeps you safe' })).toBeInViewport()
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(390)
})
