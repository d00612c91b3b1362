import type { Locator, Page } from '@playwright/test'
import { controlledByServiceWorker, expect, expectNoAxeViolations, signInAsNewUser, tabTo, test } from './fixtures'

/**
 * Push on this device (docs/decisions/0047): Settings → Reminders subscribes this browser, the service worker shows
 * what the server pushes, iPhone and iPad are told to add Lumin to the home screen, and the side menu's Notifications
 * opens the section.
 */
test.use({ serviceWorkers: 'allow', timezoneId: 'Europe/Berlin', viewport: { width: 390, height: 844 } })

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'

interface Reminders {
  settings: { channels: { push: boolean; email: boolean }; checkIn: { on: boolean; time: string } }
  pushDevices: number
}

const remindersOf = async (page: Page) => (await (await page.request.get('/api/reminders?timeZone=UTC')).json()) as Reminders

/**
 * Headless Chromium has no push service: the page's PushManager is answered here, as a browser's would be, with an
 * https endpoint and keys of the right shape. What it was asked to subscribe with is kept for the test to read.
 */
async function answerSubscriptions(page: Page) {
  await page.addInitScript(() => {
    const KEY = 'e2e-push-endpoint'
    const current = () => {
      const endpoint = localStorage.getItem(KEY)
      if (!endpoint) return null
      const json = { endpoint, expirationTime: null, keys: { p256dh: `B${'Q'.repeat(86)}`, auth: 'A'.repeat(22) } }
      const unsubscribe = async () => (localStorage.removeItem(KEY), true)
      return { endpoint, options: { userVisibleOnly: true }, toJSON: () => json, unsubscribe } as unknown as PushSubscription
    }
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      localStorage.setItem('e2e-push-options', JSON.stringify(options))
      localStorage.setItem(KEY, `https://push.example.com/send/${crypto.randomUUID()}`)
      return current()!
    }
    PushManager.prototype.getSubscription = async () => current()
  })
}

/**
 * Tab until `target` has the focus. Not tabTo: a Chromium time field stops matching :focus-visible when Tab reaches its
 * last part (AM/PM), so tabTo's ring check would stop at the time fields on the way.
 */
async function tabAcrossTimesTo(page: Page, target: Locator) {
  for (let presses = 0; presses < 40 && !(await target.evaluate((element) => element === document.activeElement)); presses++) await page.keyboard.press('Tab')
  await expect(target).toBeFocused()
}

test('setting up a daily check-in by push on this device, keyboard only, then turning push off here', async ({ page, context }, testInfo) => {
  await context.grantPermissions(['notifications'])
  await answerSubscriptions(page)
  await signInAsNewUser(page, 'push-reminders')
  await page.goto('/settings#reminders')
  await controlledByServiceWorker(page)
  const reminders = page.getByRole('region', { name: 'Reminders' })
  const push = reminders.getByRole('switch', { name: 'Push on this device' })
  await expect(push).toHaveAttribute('aria-checked', 'false')
  await expect(push).toBeEnabled()
  // Nothing is asked of the browser until the member turns Push on.
  expect(await page.evaluate(() => localStorage.getItem('e2e-push-options'))).toBeNull()

  await expect(reminders.getByRole('heading', { name: 'Reminders' })).toBeFocused()
  await page.keyboard.press('Tab')
  const checkIn = reminders.getByRole('switch', { name: 'Daily check-in' })
  await expect(checkIn).toBeFocused()
  await page.keyboard.press('Space')
  await page.keyboard.press('Tab')
  const time = reminders.getByLabel('Check-in time')
  await expect(time).toBeFocused()
  // Hours, minutes, then AM or PM, as this browser's English asks for them.
  await page.keyboard.type('0830A')
  await expect(time).toHaveValue('08:30')
  await tabAcrossTimesTo(page, push)
  await page.keyboard.press('Space')
  await expect(push).toHaveAttribute('aria-checked', 'true')
  // The keyboard is where it was, for the next Tab.
  await expect(push).toBeFocused()
  await expect(reminders.getByRole('status')).toHaveText('Push is set up on this device. Save your reminders to keep this choice.')
  const { publicKey } = (await (await page.request.get('/api/reminders/push-key')).json()) as { publicKey: string }
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('e2e-push-options')))!)).toEqual({ userVisibleOnly: true, applicationServerKey: publicKey })
  await expectNoAxeViolations(page)
  await reminders.screenshot({ path: testInfo.outputPath('push-on.png') })

  await tabTo(page, reminders.getByRole('button', { name: 'Save reminders' }))
  await page.keyboard.press('Enter')
  await expect(reminders.getByRole('status')).toHaveText('Saved. Your reminders will come at the times you chose.')
  expect(await remindersOf(page)).toMatchObject({ settings: { checkIn: { on: true, time: '08:30' }, channels: { push: true, email: true } }, pushDevices: 1 })

  // Back later: this device is still the one push reaches.
  await page.reload()
  await expect(push).toHaveAttribute('aria-checked', 'true')
  await expect(push).toHaveAccessibleDescription('Reminders come here as notifications. Turning this off stops them on this device only.')

  await push.focus()
  await page.keyboard.press('Space')
  await expect(push).toHaveAttribute('aria-checked', 'false')
  await expect(reminders.getByRole('status')).toHaveText('Push is off on this device. Save your reminders to keep this choice.')
  expect((await remindersOf(page)).pushDevices).toBe(0)
  expect(await page.evaluate(() => localStorage.getItem('e2e-push-endpoint'))).toBeNull()
  await expectNoAxeViolations(page)
})

/** A new member turns Push on in Settings → Reminders by keyboard; answers the section and its switch. */
async function turnPushOnAs(page: Page, label: string) {
  await signInAsNewUser(page, label)
  await page.goto('/settings#reminders')
  await controlledByServiceWorker(page)
  const reminders = page.getByRole('region', { name: 'Reminders' })
  const push = reminders.getByRole('switch', { name: 'Push on this device' })
  await push.focus()
  await page.keyboard.press('Space')
  return { reminders, push }
}

test('notifications blocked in the browser: one sentence says how to allow them, and nothing is subscribed', async ({ page }) => {
  await answerSubscriptions(page)
  await page.addInitScript(() => {
    Notification.requestPermission = async () => 'denied'
  })
  const { reminders, push } = await turnPushOnAs(page, 'push-blocked')
  await expect(reminders.getByRole('alert')).toHaveText(/^Notifications are blocked for Lumin in this browser\. Allow them in the site settings/)
  await expect(push).toHaveAttribute('aria-checked', 'false')
  expect((await remindersOf(page)).pushDevices).toBe(0)
  await expectNoAxeViolations(page)
})

test('a server without push keys says to choose Email, and nothing is subscribed', async ({ page, context }) => {
  await context.grantPermissions(['notifications'])
  await answerSubscriptions(page)
  await context.route('**/api/reminders/push-key', (route) => route.fulfill({ json: { publicKey: null } }))
  const { reminders, push } = await turnPushOnAs(page, 'push-no-keys')
  await expect(reminders.getByRole('alert')).toHaveText('This Lumin server does not send push reminders. Choose Email instead.')
  await expect(push).toHaveAttribute('aria-checked', 'false')
  expect(await page.evaluate(() => localStorage.getItem('e2e-push-options'))).toBeNull()
})

test('deleting the account unsubscribes this browser and forgets the device it kept', async ({ page, context }) => {
  await context.grantPermissions(['notifications'])
  await answerSubscriptions(page)
  const email = await signInAsNewUser(page, 'push-deleted')
  await page.goto('/settings')
  await controlledByServiceWorker(page)
  await page.getByRole('switch', { name: 'Push on this device' }).click()
  await expect(page.getByRole('switch', { name: 'Push on this device' })).toHaveAttribute('aria-checked', 'true')
  const kept = () => page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('lumin-push-device:') || key === 'e2e-push-endpoint'))
  expect(await kept()).toHaveLength(2)

  await page.getByRole('button', { name: 'Delete my account' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' })
  await dialog.getByRole('textbox', { name: /Type your email address/ }).fill(email)
  await dialog.getByRole('button', { name: 'Delete my account forever' }).click()
  await expect(page).toHaveURL('/')
  await expect.poll(kept).toEqual([])
})

test('a reminder pushed to the service worker shows its words and opens its screen; anything else shows a plain Lumin', async ({ page, context }) => {
  await context.grantPermissions(['notifications'])
  await signInAsNewUser(page, 'push-delivered')
  await page.goto('/settings')
  await controlledByServiceWorker(page)
  const origin = new URL(page.url()).origin

  const cdp = await context.newCDPSession(page)
  const registration = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted)
      if (ours) resolve(ours.registrationId)
    })
  })
  await cdp.send('ServiceWorker.enable')
  const registrationId = await registration
  const deliver = (data: string) => cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data })
  const shown = () =>
    page.evaluate(async () => {
      const notifications = await (await navigator.serviceWorker.ready).getNotifications()
      return notifications.map(({ title, body, icon, tag, data }) => ({ title, body, icon, tag, data: data as unknown }))
    })

  await deliver(JSON.stringify({ title: 'Your week, together with Olo', body: 'Ten calm minutes to look back on your week.', url: '/recap-conversation' }))
  await expect.poll(shown).toEqual([
    { title: 'Your week, together with Olo', body: 'Ten calm minutes to look back on your week.', icon: `${origin}/icons/icon-192.png`, tag: 'reminder:/recap-conversation', data: { path: '/recap-conversation' } },
  ])

  // A newer reminder of the same screen replaces the older one.
  await deliver(JSON.stringify({ title: 'Your week is waiting', body: 'Whenever you are ready.', url: '/recap-conversation' }))
  await expect.poll(async () => (await shown()).map(({ title }) => title)).toEqual(['Your week is waiting'])

  // Another site's address opens the weekly home; a push that is not a reminder shows a plain Lumin.
  await deliver(JSON.stringify({ title: 'Elsewhere', body: 'Somewhere else.', url: 'https://elsewhere.example/' }))
  await deliver('not a reminder')
  await expect
    .poll(async () => (await shown()).map(({ title, tag, data }) => ({ title, tag, data })))
    .toEqual([
      { title: 'Your week is waiting', tag: 'reminder:/recap-conversation', data: { path: '/recap-conversation' } },
      { title: 'Lumin', tag: 'reminder:/weekly-dashboard', data: { path: '/weekly-dashboard' } },
    ])
})

test('the side menu’s Notifications opens Settings at Reminders, from a home and from Settings itself', async ({ page }, testInfo) => {
  await signInAsNewUser(page, 'push-menu')
  await page.goto('/weekly-dashboard')
  await page.getByRole('button', { name: 'Open menu' }).click()
  await page.screenshot({ path: testInfo.outputPath('menu.png') })
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Notifications' }).click()
  await expect(page).toHaveURL('/settings#reminders')
  const heading = page.getByRole('heading', { level: 2, name: 'Reminders' })
  await expect(heading).toBeFocused()
  await expect(heading).toBeInViewport()

  await page.goto('/settings')
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()
  await page.getByRole('button', { name: 'Open menu' }).click()
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Notifications' }).click()
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden()
  await expect(heading).toBeFocused()
  await expect(heading).toBeInViewport()
})

test.describe('on an iPhone, in Safari', () => {
  test.use({ userAgent: IPHONE })

  test('Settings says push needs Lumin on the home screen, and the switch says so again instead of asking', async ({ page }, testInfo) => {
    await answerSubscriptions(page)
    await signInAsNewUser(page, 'push-iphone')
    await page.goto('/settings#reminders')
    const reminders = page.getByRole('region', { name: 'Reminders' })
    const push = reminders.getByRole('switch', { name: 'Push on this device' })
    await expect(push).toHaveAccessibleDescription('On iPhone and iPad, push reminders need Lumin on your home screen: in Safari, tap Share, then Add to Home Screen, and open Lumin from there.')
    await push.focus()
    await page.keyboard.press('Space')
    await expect(reminders.getByRole('alert')).toHaveText('On iPhone and iPad, push works only in Lumin opened from your home screen. Add Lumin there first, as described above.')
    await expect(push).toHaveAttribute('aria-checked', 'false')
    expect(await page.evaluate(() => localStorage.getItem('e2e-push-options'))).toBeNull()
    await expectNoAxeViolations(page)
    await reminders.screenshot({ path: testInfo.outputPath('push-iphone.png') })
  })
})
