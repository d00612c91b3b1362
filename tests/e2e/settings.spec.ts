import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { conversation, expect, expectNoAxeViolations, PASSWORD, sessionUser, signInAsNewUser, test } from './fixtures'

const signedInUserId = async (page: Page) => (await sessionUser(page))!.id

const audioSwitch = (page: Page) => page.getByRole('switch', { name: 'Olo speaks aloud' })

test('Settings opens from the side menu, and its audio switch is the chats’ audio toggle, worked by keyboard', async ({ page }) => {
  await signInAsNewUser(page, 'settings-audio')
  await page.goto('/weekly-dashboard')
  await page.getByRole('button', { name: 'Open menu' }).click()
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Settings' }).click()
  await expect(page).toHaveURL('/settings')
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()

  // This server has no voice of its own, so audio is off until the person turns it on.
  await expect(audioSwitch(page)).toHaveAttribute('aria-checked', 'false')
  await expectNoAxeViolations(page)
  await audioSwitch(page).focus()
  await page.keyboard.press('Space')
  await expect(audioSwitch(page)).toHaveAttribute('aria-checked', 'true')
  await page.keyboard.press('Space')
  await expect(audioSwitch(page)).toHaveAttribute('aria-checked', 'false')

  // Chosen off, the chat starts silent: its toggle says so.
  await page.goto('/recap-conversation')
  await expect(conversation(page).getByText(/This is your weekly recap/)).toBeVisible()
  const chatToggle = page.getByRole('button', { name: 'Audio off' })
  await expect(chatToggle).toHaveAttribute('aria-pressed', 'false')

  // Turned back on in the chat, it is on in Settings, after a reload too.
  await chatToggle.click()
  await expect(page.getByRole('button', { name: 'Audio on' })).toHaveAttribute('aria-pressed', 'true')
  await page.goto('/settings')
  await expect(audioSwitch(page)).toHaveAttribute('aria-checked', 'true')

  // The menu marks Settings as the screen the person is on.
  await page.getByRole('button', { name: 'Open menu' }).click()
  await expect(page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page')
})

test('the journal switch lets Olo read the journal in the weekly recap, off until the member turns it on, kept by the server', async ({ page }) => {
  await signInAsNewUser(page, 'settings-journal')
  await page.goto('/settings')
  const journalSwitch = page.getByRole('switch', { name: 'Let Olo read my journal in the weekly recap' })
  await expect(journalSwitch).toHaveAttribute('aria-checked', 'false')
  await expect(journalSwitch).toHaveAccessibleDescription(/Olo runs on this server today, so nothing leaves it\. It is off until you turn it on\./)
  await expectNoAxeViolations(page)

  await journalSwitch.focus()
  await page.keyboard.press('Space')
  await expect(journalSwitch).toHaveAttribute('aria-checked', 'true')
  await expect.poll(async () => (await (await page.request.get('/api/account/preferences')).json()) as unknown).toEqual({ journalInRecap: true, showStreaks: true, helpCountry: null })

  // Another device sees the same choice: it lives on the server, not in this browser.
  await page.evaluate(() => localStorage.clear())
  await page.reload()
  await expect(journalSwitch).toHaveAttribute('aria-checked', 'true')
  await journalSwitch.click()
  await expect(journalSwitch).toHaveAttribute('aria-checked', 'false')
  await expect.poll(async () => (await (await page.request.get('/api/account/preferences')).json()) as unknown).toEqual({ journalInRecap: false, showStreaks: true, helpCountry: null })
})

test('Download my data saves a JSON file of everything the person has, and says clearly when it fails', async ({ page }) => {
  const email = await signInAsNewUser(page, 'settings-export')
  expect((await page.request.put('/api/journey/path', { data: { path: 'calm' } })).ok()).toBe(true)
  await page.goto('/settings')
  const button = page.getByRole('button', { name: 'Download my data' })

  // A failure says so, and the same button tries again.
  let release: () => void = () => undefined
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/api/account/export', async (route) => {
    await held
    await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: { code: 'UNAVAILABLE', message: 'Lumin is briefly unavailable.' } }) })
  })
  await button.click()
  await expect(page.getByRole('button', { name: 'Preparing your file...' })).toBeDisabled()
  release()
  await expect(page.getByRole('alert')).toHaveText('Failed to download your data. Please try again.')
  await page.unroute('**/api/account/export')

  const downloading = page.waitForEvent('download')
  await button.click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^lumin-data-\d{4}-\d{2}-\d{2}\.json$/)
  await expect(page.getByRole('status').filter({ hasText: 'Saved as' })).toContainText(download.suggestedFilename())
  await expect(page.getByRole('alert')).toHaveCount(0)

  const data = JSON.parse(await readFile(await download.path(), 'utf8')) as { tables: Record<string, Record<string, unknown>[]> }
  expect(data.tables.user![0]).toMatchObject({ email })
  expect(data.tables.profiles![0]).toMatchObject({ selectedPath: 'calm', luminPoints: 0 })
  await expectNoAxeViolations(page)
})

test('deleting the account asks for the email address, shows a failure without losing anything, then signs the person out for good', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' })
  const email = await signInAsNewUser(page, 'settings-delete')
  const userId = await signedInUserId(page)
  await page.goto('/settings')
  // What this device keeps for the person: a practice waiting to be sent and the onboarding choices.
  const deviceKeys = [`lumin.pendingCompletions.${userId}`, 'lumin.onboarding', 'lumin.chosenPath']
  await page.evaluate((keys) => keys.forEach((key) => localStorage.setItem(key, key.endsWith('chosenPath') ? 'calm' : '{}')), deviceKeys)

  const opener = page.getByRole('button', { name: 'Delete my account' })
  await opener.focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' })
  await expect(dialog).toContainText('everything in it')
  await expect(dialog).toContainText('This cannot be undone.')
  // Nothing moves for a person who asked for less motion.
  expect(await page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length)).toBe(0)
  await expectNoAxeViolations(page)

  const address = dialog.getByRole('textbox', { name: /Type your email address/ })
  const confirm = dialog.getByRole('button', { name: 'Delete my account forever' })
  await expect(address).toBeFocused()
  await expect(confirm).toBeDisabled()
  await address.fill('someone-else@example.com')
  await expect(confirm).toBeDisabled()

  // Escape changes its mind, and focus goes back where it was.
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(opener).toBeFocused()

  await page.keyboard.press('Enter')
  await address.fill(email.toUpperCase())
  await expect(confirm).toBeEnabled()

  await page.route('**/api/account', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'INTERNAL', message: 'Something went wrong on our side.' } }) }))
  await page.keyboard.press('Enter')
  await expect(dialog.getByRole('alert')).toHaveText('Failed to delete your account. Please try again.')
  await expect(address).toHaveValue(email.toUpperCase())
  await expect(address).toBeFocused()
  expect(await sessionUser(page)).not.toBeNull()
  await page.unroute('**/api/account')

  await confirm.click()
  await expect(page).toHaveURL('/')
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible()
  expect(await sessionUser(page)).toBeNull()
  expect(await page.evaluate((keys) => keys.map((key) => localStorage.getItem(key)), deviceKeys)).toEqual([null, null, null])

  await page.goto('/settings')
  await expect(page).toHaveURL('/')
  expect((await page.request.post('/api/auth/sign-in/email', { data: { email, password: PASSWORD } })).status()).toBe(401)
})
