import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { openAsInstalled, controlledByServiceWorker, expect, expectNoAxeViolations, signInAsNewUser, test } from './fixtures'

/**
 * Lumin as an installed app (docs/decisions/0045): the manifest and the service worker that make it installable, the
 * app opening without a connection with what it last loaded, and the kept answers gone at sign-out.
 */
test.use({ serviceWorkers: 'allow', viewport: { width: 390, height: 844 }, timezoneId: 'UTC' })

/** Every request the Cache Storage holds, cache by cache. */
async function cachedRequests(page: Page) {
  return page.evaluate(async () => {
    const all: Record<string, string[]> = {}
    for (const name of await caches.keys()) {
      all[name] = (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname)
    }
    return all
  })
}

test('the app is installable: a manifest with its icons, a service worker, and no installability errors', async ({ page, playwright, launchOptions, baseURL }) => {
  // A profile of its own: Chromium installs nothing from the private window every other journey runs in.
  const profile = await playwright.chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'lumin-install-')), { ...launchOptions, baseURL, serviceWorkers: 'allow' })
  try {
    const installing = await profile.newPage()
    await installing.goto('/')
    await controlledByServiceWorker(installing)
    const cdp = await profile.newCDPSession(installing)
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors')
    expect(installabilityErrors).toEqual([])
  } finally {
    await profile.close()
  }

  await page.goto('/')
  const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as {
    name: string
    short_name: string
    start_url: string
    display: string
    theme_color: string
    background_color: string
    icons: { src: string; sizes: string; purpose: string }[]
  }
  expect(manifest).toMatchObject({ name: 'Lumin', short_name: 'Lumin', start_url: '/weekly-dashboard', display: 'standalone', theme_color: '#0e0c1d', background_color: '#0e0c1d' })
  expect(manifest.icons.map(({ sizes, purpose }) => `${sizes} ${purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable'])
  const icons = [...manifest.icons.map(({ src }) => src), await page.locator('link[rel="apple-touch-icon"]').getAttribute('href')]
  for (const src of icons) {
    const size = await page.evaluate(async (url) => {
      const image = new Image()
      image.src = url!
      await image.decode()
      return `${image.naturalWidth}x${image.naturalHeight}`
    }, src)
    expect(size, src!).toBe(src!.includes('192') ? '192x192' : src!.includes('apple') ? '180x180' : '512x512')
  }
  await expect(page.locator('meta[name="apple-mobile-web-app-capable"]')).toHaveAttribute('content', 'yes')
})

test('opened without a connection, a member sees the weekly home and the dashboard as they last loaded them, marked offline', async ({ page, context, consoleErrors }) => {
  consoleErrors.allow(/ERR_INTERNET_DISCONNECTED|Failed to fetch/, 'the page is offline on purpose; what it asks for meanwhile fails')
  await signInAsNewUser(page, 'offline-home')
  await openAsInstalled(page, '/weekly-dashboard')
  const greeting = page.getByRole('heading', { level: 1, name: /Good to see you/ })
  await expect(greeting).toBeVisible()
  const dimensions = page.getByRole('region', { name: 'Your dimensions' })
  await expect(dimensions).toBeVisible()
  await page.goto('/dashboard')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()

  await context.setOffline(true)
  await page.goto('/weekly-dashboard')
  await expect(greeting).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'Offline.' })).toBeVisible()
  await expect(page.getByText(/Today.s practice|Your first quest|Choose your path/i).first()).toBeVisible()
  await expectNoAxeViolations(page)

  await page.getByRole('button', { name: /menu/i }).click()
  await page.getByRole('link', { name: 'Main Dashboard' }).click()
  await expect(page.getByRole('heading', { level: 1, name: /Choose Your Path|Your Journey/ })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'Offline.' })).toBeVisible()

  // A screen whose answer isn't kept says that it comes from the server.
  await page.getByRole('link', { name: 'Stats' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Offline. This screen comes from Lumin’s server' })).toBeVisible()
  await expectNoAxeViolations(page)
  await page.goBack()
  await expect(page.getByRole('heading', { level: 1, name: /Choose Your Path|Your Journey/ })).toBeVisible()

  // The check-in works offline too, and reaches the server once the connection is back.
  const checkIn = page.getByRole('region', { name: 'How are you feeling today?' })
  await checkIn.getByRole('group', { name: 'Moods' }).getByRole('button', { name: 'Good', exact: true }).click()
  await expect(checkIn.getByRole('status')).toHaveText("Kept on this device. It will be sent when you're back online.")

  await context.setOffline(false)
  await expect(page.getByRole('status').filter({ hasText: 'Offline.' })).toHaveCount(0)
  await expect(checkIn.getByRole('status')).toHaveText('Saved')
  const today = (await (await page.request.get('/api/check-ins?timeZone=UTC')).json()) as { checkIns: { mood: string }[] }
  expect(today.checkIns.map((c) => c.mood)).toEqual(['good'])
})

test('the Cache Storage holds the app and only the three kept answers, and signing out empties the kept answers', async ({ page }) => {
  await signInAsNewUser(page, 'cache-hygiene')
  await openAsInstalled(page, '/weekly-dashboard')
  await expect(page.getByRole('heading', { level: 1, name: /Good to see you/ })).toBeVisible()
  // A screen with the member's own words: the journal's answers are never kept.
  await page.goto('/journal')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.goto('/dashboard')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()

  const before = await cachedRequests(page)
  const answers = Object.values(before)
    .flat()
    .filter((path) => path.startsWith('/api/'))
  expect(answers.sort()).toEqual(['/api/journey', '/api/session', '/api/weekly'])
  expect(before['lumin-offline-answers']?.sort()).toEqual(['/api/journey', '/api/session', '/api/weekly'])

  await page.getByRole('button', { name: /menu/i }).click()
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page).toHaveURL('/')
  await expect.poll(async () => Object.values(await cachedRequests(page)).flat().filter((path) => path.startsWith('/api/'))).toEqual([])
})

test('a new version says Update ready, never in the middle of a practice, and Update now starts it', async ({ page }) => {
  await signInAsNewUser(page, 'update-ready')
  await page.goto('/weekly-dashboard')
  await controlledByServiceWorker(page)
  const firstVersion = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL)

  // The next deploy, as the browser sees it: another worker script for the same scope, installed beside the running one.
  await page.evaluate(() => navigator.serviceWorker.register('/sw.js?next-version', { scope: '/' }))

  const update = page.getByRole('complementary', { name: 'Update ready' })
  await expect(update).toContainText('The new version of Lumin starts the next time you open it.')
  await expectNoAxeViolations(page)

  // A practice is never interrupted: the word waits until it is done.
  await page.evaluate(() => {
    window.history.pushState(null, '', '/breathing-bubble')
    window.dispatchEvent(new PopStateEvent('popstate'))
  })
  await expect(page).toHaveURL(/\/breathing-bubble/)
  await expect(update).toHaveCount(0)
  await page.goBack()
  await expect(page).toHaveURL(/\/weekly-dashboard/)
  await expect(update).toBeVisible()

  // Listened for before the click: the reload into the new version can be over before the click's promise settles.
  const reloaded = page.waitForEvent('load')
  await update.getByRole('button', { name: 'Update now' }).click()
  await reloaded
  await expect(page.getByRole('heading', { level: 1, name: /Good to see you/ })).toBeVisible()
  // The page now runs on the new version (the page registering /sw.js again is, here, yet another version).
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).not.toBe(firstVersion)
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/next-version/)
})
