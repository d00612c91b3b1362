import { expect, test } from './fixtures'

test('with reduced motion the intro runs no animation, and Skip intro leads straight to Begin the Journey', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await page.goto('/')
  await expect(page.locator('[aria-live="polite"]')).toContainText('This is you')
  await page.getByRole('button', { name: 'Skip intro' }).click()
  const begin = page.getByRole('link', { name: 'Begin the Journey' })
  await expect(begin).toBeFocused()
  const running = await page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length)
  expect(running).toBe(0)
  await begin.press('Enter')
  await expect(page).toHaveURL('/onboarding')
})
