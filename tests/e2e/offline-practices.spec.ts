import type { Page } from '@playwright/test'
import { BREATHING_SECONDS, BREATHING_REDIRECT_MS, LOG_REDIRECT_MS } from '../../src/core/timings'
import { openAsInstalled, expect, expectNoAxeViolations, signInAsNewUser, tabTo, test } from './fixtures'

/**
 * Practices that work offline (issue 17 §2, decision 0046), on a phone: a member opens a practice on the train without
 * a connection, and finds the points there when the train comes out of the tunnel.
 */
test.use({ serviceWorkers: 'allow', viewport: { width: 390, height: 844 } })

type Journey = { points: number; path: { next: number; stepsDone: number; steps: { number: number; name: string }[] } }

async function journey(page: Page) {
  const response = await page.request.get('/api/journey')
  expect(response.status()).toBe(200)
  return (await response.json()) as Journey
}

const toast = (page: Page) => page.getByRole('status').filter({ hasText: /points|Practice complete/ })
const points = (page: Page) => page.getByText('Lumin Points', { exact: true }).locator('..')
const journeyStep = (page: Page, name: string) => page.getByRole('list', { name: 'Journey steps' }).getByRole('listitem').filter({ hasText: name })

test('a breathing practice and a sensory safari done offline are kept on the device and earn their points once, when the connection is back', async ({ page, context, consoleErrors }) => {
  consoleErrors.allow(/ERR_INTERNET_DISCONNECTED|Failed to fetch/, 'the page is offline on purpose; what it asks for meanwhile fails')
  await page.clock.install()
  await signInAsNewUser(page, 'offline')
  expect((await page.request.put('/api/journey/path', { data: { path: 'calm' } })).ok()).toBe(true)
  const [breathing, , sensory] = (await journey(page)).path.steps

  // The app as installed on the phone: the service worker runs it and keeps the dashboard's answer.
  await openAsInstalled(page, '/dashboard')
  await expect(page.getByRole('link', { name: 'Continue Your Path' })).toBeVisible()

  // Into the tunnel, and the app opened there.
  await context.setOffline(true)
  await page.reload()
  await expect(page.getByRole('status').filter({ hasText: 'Offline.' })).toBeVisible()
  await tabTo(page, page.getByRole('link', { name: 'Continue Your Path' }))
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL('/threshold/1')
  await expect(page.getByRole('heading', { name: "You're offline" })).toBeVisible()
  await expect(page.getByText('Setting an intention with Olo needs a connection.')).toBeVisible()
  await expect(page.getByText(`Preparing for ${breathing!.name}`)).toBeVisible()
  await expectNoAxeViolations(page)
  await page.screenshot({ path: '/tmp/offline-threshold.png' })
  await tabTo(page, page.getByRole('button', { name: 'Begin practice' }))
  await page.keyboard.press('Enter')

  await expect(page).toHaveURL(/\/breathing-bubble\?practice=[0-9a-f-]{36}$/)
  await expect(page.getByRole('heading', { level: 1, name: breathing!.name })).toBeVisible()
  await expect(page.getByText("A free practice: it isn't part of your path")).toHaveCount(0)
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000))
  await tabTo(page, page.getByRole('button', { name: 'Begin Breathing' }))
  await page.keyboard.press('Enter')
  await page.clock.runFor(BREATHING_SECONDS * 1000)
  const finish = page.getByRole('region', { name: 'Beautiful Breathing!' })
  await expect(finish.getByRole('heading', { name: 'Beautiful Breathing!' })).toBeFocused()
  await expect(finish.getByText('Saved on this device. Your points will appear when you are back online.')).toBeVisible()
  await page.screenshot({ path: '/tmp/offline-breathing-done.png' })
  await page.clock.runFor(BREATHING_REDIRECT_MS)
  await expect(page).toHaveURL('/dashboard')
  await page.clock.resume()
  // The dashboard goes on past the practice, and says its points come with the connection.
  await expect(page.getByText('A practice you did offline is kept on this device. It is sent when you are back online, and its points arrive with it.')).toBeVisible()
  await expect(journeyStep(page, breathing!.name)).toContainText('Complete')
  await expect(page.getByRole('link', { name: 'Continue Your Path' })).toHaveAttribute('href', '/threshold/2')
  await expect(points(page)).toHaveText(/Lumin Points\s*0$/)
  await expectNoAxeViolations(page)
  await page.screenshot({ path: '/tmp/offline-dashboard-waiting.png', fullPage: true })

  // A practice log, offline: kept on the device and said so, with no failure alert.
  const alerts: string[] = []
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message())
    void dialog.accept()
  })
  await page.goto('/threshold/3')
  await expect(page.getByText(`Preparing for ${sensory!.name}`)).toBeVisible()
  await page.getByRole('button', { name: 'Begin practice' }).click()
  await expect(page).toHaveURL(/\/sensory-safari\?practice=[0-9a-f-]{36}$/)
  await expect(page.getByRole('heading', { level: 1, name: sensory!.name })).toBeVisible()
  await tabTo(page, page.getByRole('textbox', { name: 'What can you see?' }))
  await page.keyboard.type('Tunnel lights streaming past the window')
  await tabTo(page, page.getByRole('button', { name: 'Log Observation' }))
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000))
  await page.keyboard.press('Enter')
  const logged = page.getByRole('region', { name: 'Observation Recorded!' })
  await expect(logged.getByText('Saved on this device. Your points will appear when you are back online.')).toBeVisible()
  await page.screenshot({ path: '/tmp/offline-sensory-done.png' })
  expect(alerts).toEqual([])
  await page.clock.runFor(LOG_REDIRECT_MS)
  await expect(page).toHaveURL('/dashboard')
  await page.clock.resume()
  await expect(page.getByText(/^2 practices you did offline are kept on this device\./)).toBeVisible()
  await expect(page.getByText(/^Path complete!/)).toBeVisible()
  expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('lumin.practicesBegunOffline.')).length)).toBe(1)

  // Out of the tunnel: both practices arrive, and the points with them.
  await context.setOffline(false)
  await expect(toast(page)).toHaveText('+10 points · Step 3 of 3 lit on your Calm path')
  await expect(points(page)).toHaveText(/Lumin Points\s*20$/)
  await page.screenshot({ path: '/tmp/offline-back-online.png' })
  expect(await journey(page)).toMatchObject({ points: 20, path: { next: 4, stepsDone: 3 } })
  expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('lumin.')).filter((key) => /pending|Offline/.test(key)))).toEqual([])

  // Another tunnel and another way out send nothing again: the points were counted once.
  await context.setOffline(true)
  await context.setOffline(false)
  await page.reload()
  await expect(points(page)).toHaveText(/Lumin Points\s*20$/)
  expect((await journey(page)).points).toBe(20)
  expect(alerts).toEqual([])
})

test('a start that gets no answer at all offers the practice without Olo, and it lands as soon as it can', async ({ page, consoleErrors }) => {
  consoleErrors.allow(/ERR_INTERNET_DISCONNECTED|Failed to fetch/, 'the start request is cut off on purpose')
  await page.clock.install()
  await signInAsNewUser(page, 'no-answer')
  expect((await page.request.put('/api/journey/path', { data: { path: 'calm' } })).ok()).toBe(true)
  const [breathing] = (await journey(page)).path.steps
  await page.goto('/dashboard')
  await expect(page.getByRole('link', { name: 'Continue Your Path' })).toBeVisible()
  // The browser says it is online, but the start never reaches the server.
  await page.route('**/api/practices', (route) => (route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.fallback()))
  await page.getByRole('link', { name: 'Continue Your Path' }).click()
  await expect(page.getByRole('heading', { name: "Olo can't be reached" })).toBeVisible()
  await expect(page.getByText(`Preparing for ${breathing!.name}`)).toBeVisible()
  await expectNoAxeViolations(page)
  await page.getByRole('button', { name: 'Begin practice' }).click()
  await expect(page).toHaveURL(/\/breathing-bubble\?practice=[0-9a-f-]{36}$/)
  await page.unroute('**/api/practices')

  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000))
  await page.getByRole('button', { name: 'Begin Breathing' }).click()
  await page.clock.runFor(BREATHING_SECONDS * 1000)
  await page.clock.resume()
  const finish = page.getByRole('region', { name: 'Beautiful Breathing!' })
  await expect(finish.getByText('+10 points')).toBeVisible()
  expect((await journey(page)).points).toBe(10)
})
