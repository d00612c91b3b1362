import type { Page } from '@playwright/test'
import { controlledByServiceWorker, conversation, expect, expectNoAxeViolations, READ_TIME, signInAsNewUser, tabTo, tell, test } from './fixtures'

/**
 * Help a person can tap (issue 26 §3 and §4, decision 0054), on a 390 px phone in London: the help card gives the
 * member's country's numbers as links to call or text, and one tap opens a grounding exercise that asks nothing of the
 * server and works offline.
 */
test.use({ viewport: { width: 390, height: 844 }, locale: 'en-GB', timezoneId: 'Europe/London' })

const helpCard = (page: Page) => page.getByRole('region', { name: 'You deserve support right now' })

/** Goes through the five senses by keyboard, five, four, three, two and one things, from the exercise's first screen. */
async function groundMyself(page: Page) {
  await tabTo(page, page.getByRole('button', { name: 'Begin' }))
  await page.keyboard.press('Enter')
  const senses = [
    ['Five things you can see', 'I see one', 5],
    ['Four things you can touch', 'I feel one', 4],
    ['Three things you can hear', 'I hear one', 3],
    ['Two things you can smell', 'I smell one', 2],
    ['One thing you can taste', 'I taste one', 1],
  ] as const
  for (const [index, [heading, noticed, count]] of senses.entries()) {
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeFocused()
    await expect(page.getByRole('listitem').filter({ hasText: `${heading}, now` })).toHaveAttribute('aria-current', 'step')
    // One button that stays focused: each Enter notices one more thing, and the last moves on.
    await tabTo(page, page.getByRole('button', { name: noticed }))
    for (let tap = 1; tap <= count; tap++) {
      await page.keyboard.press('Enter')
      await expect(page.getByText(`${tap} of ${count}`)).toBeVisible()
    }
    await expect(page.getByText(`${count} of ${count}. Well noticed.`)).toBeVisible()
    const next = senses[index + 1]
    await expect(page.getByRole('button', { name: next ? `Next: ${next[0].toLowerCase()}` : 'Finish' })).toBeFocused()
    await page.keyboard.press('Enter')
  }
  await expect(page.getByRole('heading', { level: 2, name: 'You are here, right now' })).toBeFocused()
}

test('a crisis in a chat shows the help card with the numbers of the member’s country to tap, and its grounding link opens the exercise', async ({ page }, testInfo) => {
  await page.clock.install({ time: new Date('2026-11-23T09:00:00') })
  await signInAsNewUser(page, 'help-card')
  await page.goto('/recap-conversation')
  await expect(conversation(page).getByText(/This is your weekly recap/)).toBeVisible()
  await tell(page, "I don't want to be here anymore")

  const card = helpCard(page)
  await expect(card.getByRole('heading', { name: 'Helplines in the United Kingdom' })).toBeVisible()
  await expect(card.getByRole('link', { name: 'Call 116 123' })).toHaveAttribute('href', 'tel:116123')
  await expect(card.getByRole('link', { name: 'Text SHOUT to 85258' })).toHaveAttribute('href', 'sms:85258?&body=SHOUT')
  await expect(card.getByRole('link', { name: '999' })).toHaveAttribute('href', 'tel:999')
  await expect(card.getByRole('link', { name: 'findahelpline.com' })).toHaveAttribute('href', 'https://findahelpline.com')
  await expect(card).toContainText('In an emergency, call your local emergency number (999 in the United Kingdom).')
  await expect(card.getByRole('link', { name: 'Make a safety plan' })).toHaveAttribute('href', '/safety-plan')
  // Olo's own words point to the card.
  await expect(conversation(page).getByText(/The card below has helplines for where you are/)).toBeVisible()
  await page.clock.runFor(READ_TIME)
  await expectNoAxeViolations(page)
  await card.scrollIntoViewIfNeeded()
  await page.screenshot({ path: testInfo.outputPath('help-card-390.png') })

  // The member lives in Spain: the same card, chosen in Settings, gives Spain's numbers.
  expect((await page.request.put('/api/account/preferences', { data: { helpCountry: 'ES' } })).ok()).toBe(true)
  await page.reload()
  await expect(helpCard(page).getByRole('link', { name: 'Call 024' })).toHaveAttribute('href', 'tel:024')
  await expect(helpCard(page)).toContainText('(112 in Spain)')

  const asked: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) asked.push(request.url())
  })
  await tabTo(page, helpCard(page).getByRole('link', { name: 'Try a grounding exercise' }))
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL('/grounding')
  await expect(page.getByRole('heading', { level: 1, name: '5-4-3-2-1 Grounding' })).toBeVisible()
  await groundMyself(page)
  // Nothing was asked of the server, nothing recorded, no points.
  expect(asked).toEqual([])
  await page.getByRole('link', { name: 'Back' }).click()
  await expect(page).toHaveURL('/recap-conversation')
  await expect(helpCard(page)).toBeVisible()
})

test.describe('the grounding exercise on its own', () => {
  test.use({ serviceWorkers: 'allow' })

  test('a visitor opens /grounding offline once the app has loaded, and goes through it at their own pace', async ({ page, context, consoleErrors }, testInfo) => {
    consoleErrors.allow(/ERR_INTERNET_DISCONNECTED|ERR_FAILED|Failed to fetch/, 'the page is offline on purpose; the session check fails meanwhile')
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.goto('/')
    await controlledByServiceWorker(page)

    await context.setOffline(true)
    await page.goto('/grounding')
    await expect(page.getByRole('heading', { level: 1, name: '5-4-3-2-1 Grounding' })).toBeVisible()
    await expect(page.getByText('There are no wrong answers, and nothing is saved.')).toBeVisible()
    await expectNoAxeViolations(page)
    await page.screenshot({ path: testInfo.outputPath('grounding-start-390.png') })

    await page.getByRole('button', { name: 'Begin' }).click()
    await page.getByRole('button', { name: 'I see one' }).click()
    await page.getByRole('button', { name: 'I see one' }).click()
    await expect(page.getByText('2 of 5')).toBeVisible()
    // With reduced motion, nothing on the screen moves.
    const moving = await page.evaluate(() => document.getAnimations().filter((animation) => animation.playState === 'running').length)
    expect(moving).toBe(0)
    await expectNoAxeViolations(page)
    await page.screenshot({ path: testInfo.outputPath('grounding-see-390.png') })

    // Nothing comes for a sense: moving on is always there.
    await page.getByRole('button', { name: 'Move on to the next sense' }).click()
    await expect(page.getByRole('heading', { level: 2, name: 'Four things you can touch' })).toBeFocused()
    for (let sense = 0; sense < 3; sense++) await page.getByRole('button', { name: 'Move on to the next sense' }).click()
    await page.getByRole('button', { name: 'I taste one' }).click()
    await page.getByRole('button', { name: 'Finish' }).click()
    await expect(page.getByRole('heading', { level: 2, name: 'You are here, right now' })).toBeFocused()
    await expect(page.getByRole('link', { name: 'find someone to talk to' })).toHaveAttribute('href', '/safety')
    await expectNoAxeViolations(page)
    await page.screenshot({ path: testInfo.outputPath('grounding-done-390.png') })

    await page.getByRole('button', { name: 'Go again' }).click()
    await expect(page.getByRole('heading', { level: 2, name: 'Five things you can see' })).toBeFocused()
  })
})

test('Help where you live: Settings offers the browser’s suggestion, and the member’s choice is what /safety’s card shows', async ({ page }, testInfo) => {
  await signInAsNewUser(page, 'help-country')
  await page.goto('/settings')
  const country = page.getByRole('combobox', { name: 'Your country' })
  await expect(country).toBeEnabled()
  await expect(country.locator('option:checked')).toHaveText('As this browser suggests: United Kingdom')
  await country.selectOption({ label: 'Ireland' })
  await expect.poll(async () => ((await (await page.request.get('/api/account/preferences')).json()) as { helpCountry: string | null }).helpCountry).toBe('IE')
  await expectNoAxeViolations(page)
  await page.getByRole('region', { name: 'Help where you live' }).screenshot({ path: testInfo.outputPath('settings-help-390.png') })

  await page.goto('/safety')
  await expect(helpCard(page).getByRole('heading', { name: 'Helplines in Ireland' })).toBeVisible()
  await expect(helpCard(page).getByRole('link', { name: 'Call 1800 247 247' })).toHaveAttribute('href', 'tel:1800247247')
  // Every country's helplines are on the page, each behind its name.
  const byCountry = page.getByRole('region', { name: 'Helplines by country' })
  await byCountry.getByText('Brazil', { exact: true }).click()
  await expect(byCountry.getByRole('link', { name: 'Call 188' })).toHaveAttribute('href', 'tel:188')
  await expect(page.getByRole('link', { name: 'Try the grounding exercise' })).toHaveAttribute('href', '/grounding')
  await expect(page.getByRole('link', { name: 'Make a safety plan' }).first()).toHaveAttribute('href', '/safety-plan')
  await expectNoAxeViolations(page)
  await page.screenshot({ path: testInfo.outputPath('safety-390.png') })
  await byCountry.screenshot({ path: testInfo.outputPath('safety-by-country-390.png') })

  // Back to what the browser suggests.
  await page.goto('/settings')
  await page.getByRole('combobox', { name: 'Your country' }).selectOption({ label: 'As this browser suggests: United Kingdom' })
  await expect.poll(async () => ((await (await page.request.get('/api/account/preferences')).json()) as { helpCountry: string | null }).helpCountry).toBeNull()
})
