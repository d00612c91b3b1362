import { expect, expectNoAxeViolations, signInAsNewUser, test } from './fixtures'

test.use({ timezoneId: 'Europe/Berlin' })

test('Settings → Reminders: off until turned on, a time in quiet hours refused with words saying why, then kept by the server', async ({ page }) => {
  await signInAsNewUser(page, 'reminders')
  await page.goto('/settings#reminders')
  const reminders = page.getByRole('region', { name: 'Reminders' })
  await expect(reminders.getByText('Times are in your time zone, Europe/Berlin.', { exact: false })).toBeVisible()
  const checkIn = reminders.getByRole('switch', { name: 'Daily check-in' })
  for (const name of ['Daily check-in', 'Weekly recap', 'Practice']) await expect(reminders.getByRole('switch', { name })).toHaveAttribute('aria-checked', 'false')
  await expectNoAxeViolations(page)

  // By keyboard: the switch, then the time it opens.
  await checkIn.focus()
  await page.keyboard.press('Space')
  await expect(checkIn).toHaveAttribute('aria-checked', 'true')
  await page.keyboard.press('Tab')
  const time = reminders.getByLabel('Check-in time')
  await expect(time).toBeFocused()
  await time.fill('23:15')
  await reminders.getByRole('button', { name: 'Save reminders' }).focus()
  await page.keyboard.press('Enter')
  await expect(reminders.getByRole('alert')).toHaveText('Daily check-in at 23:15 falls in your quiet hours (22:00–08:00). Choose a time outside them.')

  await time.fill('08:30')
  const practice = reminders.getByRole('switch', { name: 'Practice' })
  await practice.focus()
  await page.keyboard.press('Space')
  await reminders.getByRole('checkbox', { name: 'Saturday' }).check()
  await reminders.getByRole('button', { name: 'Save reminders' }).click()
  await expect(reminders.getByRole('status')).toHaveText('Saved. Your reminders will come at the times you chose.')
  await expectNoAxeViolations(page)

  const saved = (await (await page.request.get('/api/reminders?timeZone=UTC')).json()) as { settings: Record<string, unknown> }
  expect(saved.settings).toMatchObject({
    timeZone: 'Europe/Berlin',
    checkIn: { on: true, time: '08:30' },
    practice: { on: true, days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat'] },
    channels: { email: true, push: false },
  })
  await page.reload()
  await expect(page.getByRole('region', { name: 'Reminders' }).getByLabel('Check-in time')).toHaveValue('08:30')
})
