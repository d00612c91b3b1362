import type { Locator, Page } from '@playwright/test'
import { expect, expectNoAxeViolations, signInAsNewUser, test } from './fixtures'

/**
 * The daily check-in (docs/product.md#check-in) on the weekly home and the dashboard. The server dates a check-in by its
 * own clock too (none in the future, none older than 30 days), so the page's fixed clock shows 9:14 in a zone where it
 * is already later today: an hour-whole zone where it is ten o'clock now.
 */
function zoneWhereItIsTenNow() {
  const now = new Date()
  let offset = 10 - now.getUTCHours()
  if (offset < -12) offset += 24
  // Etc/GMT zones count the other way round: Etc/GMT-3 is UTC+3.
  const timezoneId = offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`
  const local = new Date(now.getTime() + offset * 3_600_000)
  const nineFourteen = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), 9, 14) - offset * 3_600_000)
  return { timezoneId, nineFourteen }
}
const { timezoneId, nineFourteen } = zoneWhereItIsTenNow()

test.use({ viewport: { width: 390, height: 844 }, timezoneId, locale: 'en-US' })

interface CheckIn {
  id: string
  mood: string
  emotions: string[]
  dimensions: string[]
  note: string | null
}

const MOODS = ['Awful', 'Bad', 'Okay', 'Good', 'Great']
const card = (page: Page) => page.getByRole('region', { name: 'How are you feeling today?' })
const mood = (scope: Locator, name: string) => scope.getByRole('group', { name: 'Moods' }).getByRole('button', { name, exact: true })

/** What the server has stored of today's check-ins, newest first. */
async function stored(page: Page) {
  const response = await page.request.get(`/api/check-ins?timeZone=${encodeURIComponent(timezoneId)}`)
  expect(response.status()).toBe(200)
  return ((await response.json()) as { checkIns: CheckIn[] }).checkIns
}

async function openWeeklyHome(page: Page, label: string) {
  await signInAsNewUser(page, label)
  await page.clock.setFixedTime(nineFourteen)
  await page.goto('/weekly-dashboard')
  const checkIn = card(page)
  await expect(checkIn.getByRole('heading', { level: 2 })).toHaveText('How are you feeling today?')
  return checkIn
}

test('one tap on the weekly home records the mood; emotion words, a dimension and a note follow; another and a change', async ({ page }, testInfo) => {
  const checkIn = await openWeeklyHome(page, 'checkin-tap')
  await expect(checkIn.getByRole('group', { name: 'Moods' }).getByRole('button')).toHaveText(MOODS)
  for (const name of MOODS) await expect(mood(checkIn, name)).toBeVisible()
  await checkIn.screenshot({ path: testInfo.outputPath('check-in-moods.png') })

  await mood(checkIn, 'Good').click()
  await expect(checkIn).toContainText('Checked in at 9:14 AM — Good')
  await expect(checkIn.getByRole('status')).toHaveText('Saved')
  expect(await stored(page)).toMatchObject([{ mood: 'good', emotions: [], dimensions: [], note: null }])

  // The details, on the same card: the chosen mood pressed, its own emotion words, the seven dimensions and a note.
  await expect(mood(checkIn, 'Good')).toHaveAttribute('aria-pressed', 'true')
  const words = checkIn.getByRole('group', { name: 'Any of these?' }).getByRole('button')
  await expect(words).toHaveText(['Calm', 'Grateful', 'Hopeful', 'Focused', 'Relaxed', 'Proud', 'Connected', 'Content'])
  await expect(checkIn.getByRole('group', { name: 'What did it touch?' }).getByRole('button')).toHaveText(['Mind', 'Body', 'Heart', 'Connection', 'Purpose', 'Growth', 'Spirit'])
  await checkIn.getByRole('button', { name: 'Grateful' }).click()
  await checkIn.getByRole('button', { name: 'Hopeful' }).click()
  await expect(checkIn.getByRole('button', { name: 'Grateful' })).toHaveAttribute('aria-pressed', 'true')
  await expect(checkIn.getByRole('button', { name: 'Calm' })).toHaveAttribute('aria-pressed', 'false')
  await checkIn.getByRole('button', { name: 'Heart' }).click()
  const note = checkIn.getByLabel('Note')
  await note.fill('Coffee with Sam before work.')
  await expect(checkIn.getByText('28/500')).toBeVisible()
  await expect(note).toHaveAttribute('maxlength', '500')
  await checkIn.screenshot({ path: testInfo.outputPath('check-in-details.png') })

  await checkIn.getByRole('button', { name: 'Save check-in' }).click()
  await expect(checkIn.getByRole('list', { name: 'Details' }).getByRole('listitem')).toHaveText(['Grateful', 'Hopeful', 'Heart'])
  await expect(checkIn).toContainText('Coffee with Sam before work.')
  await expect(checkIn.getByRole('status')).toHaveText('Saved')
  expect(await stored(page)).toMatchObject([{ mood: 'good', emotions: ['grateful', 'hopeful'], dimensions: ['heart'], note: 'Coffee with Sam before work.' }])
  await checkIn.screenshot({ path: testInfo.outputPath('check-in-latest.png') })
  await page.screenshot({ path: testInfo.outputPath('weekly-home.png'), fullPage: true })
  // Tagged with Heart, it lights Heart's orb by 5 (docs/product.md#orbs).
  await expect(page.getByRole('list', { name: 'Your dimensions' }).getByRole('listitem').filter({ hasText: 'Heart' })).toContainText('5%')

  await page.clock.setFixedTime(new Date(nineFourteen.getTime() + 3 * 60_000))
  await checkIn.getByRole('button', { name: 'Add another check-in' }).click()
  await mood(checkIn, 'Great').click()
  await expect(checkIn).toContainText('Checked in at 9:17 AM — Great')
  await checkIn.getByRole('button', { name: 'Not now' }).click()
  await expect(checkIn.getByRole('status')).toHaveText('Saved')
  expect((await stored(page)).map((c) => c.mood)).toEqual(['great', 'good'])

  await checkIn.getByRole('button', { name: 'Change this check-in' }).click()
  await expect(mood(checkIn, 'Great')).toHaveAttribute('aria-pressed', 'true')
  await mood(checkIn, 'Okay').click()
  await checkIn.getByRole('button', { name: 'Save check-in' }).click()
  await expect(checkIn).toContainText('Checked in at 9:17 AM — Okay')
  await expect(checkIn.getByRole('status')).toHaveText('Saved')
  expect((await stored(page)).map((c) => c.mood)).toEqual(['okay', 'good'])

  await page.reload()
  await expect(card(page)).toContainText('Checked in at 9:17 AM — Okay')
})

test('a check-in made offline is kept on the device and arrives once when the connection is back', async ({ page, context, consoleErrors }) => {
  consoleErrors.allow(/ERR_INTERNET_DISCONNECTED/, 'the page is offline on purpose; what it asks for meanwhile fails')
  const checkIn = await openWeeklyHome(page, 'checkin-offline')
  await expect(mood(checkIn, 'Bad')).toBeVisible()

  await context.setOffline(true)
  await mood(checkIn, 'Bad').click()
  await expect(checkIn).toContainText('Checked in at 9:14 AM — Bad')
  await expect(checkIn.getByRole('status')).toHaveText("Kept on this device. It will be sent when you're back online.")
  await checkIn.getByRole('button', { name: 'Tired' }).click()
  await checkIn.getByLabel('Note').fill('Missed the train.')
  await checkIn.getByRole('button', { name: 'Save check-in' }).click()
  await expect(checkIn.getByRole('status')).toHaveText("Kept on this device. It will be sent when you're back online.")
  await expect(checkIn).toContainText('Missed the train.')

  await context.setOffline(false)
  await expect(checkIn.getByRole('status')).toHaveText('Saved')
  const [only] = await stored(page)
  expect(await stored(page)).toEqual([expect.objectContaining({ mood: 'bad', emotions: ['tired'], note: 'Missed the train.' })])
  expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('lumin.pendingCheckIns.')))).toEqual([])

  // Opened again, nothing is sent twice.
  await page.reload()
  await expect(card(page)).toContainText('Checked in at 9:14 AM — Bad')
  expect(await stored(page)).toEqual([only])
})

test('keyboard only: a mood, a word, a note, saved, then changed', async ({ page }) => {
  const checkIn = await openWeeklyHome(page, 'checkin-keys')
  await mood(checkIn, 'Awful').focus()
  for (let i = 0; i < 3; i++) await page.keyboard.press('Tab')
  await expect(mood(checkIn, 'Good')).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(checkIn).toContainText('Checked in at 9:14 AM — Good')
  // The mood pressed keeps the focus; the details follow it.
  await expect(mood(checkIn, 'Good')).toBeFocused()
  await page.keyboard.press('Tab')
  await page.keyboard.press('Tab')
  await expect(checkIn.getByRole('button', { name: 'Calm' })).toBeFocused()
  await page.keyboard.press('Space')
  await expect(checkIn.getByRole('button', { name: 'Calm' })).toHaveAttribute('aria-pressed', 'true')
  const note = checkIn.getByLabel('Note')
  for (let i = 0; i < 20 && !(await note.evaluate((element) => element === document.activeElement)); i++) await page.keyboard.press('Tab')
  await expect(note).toBeFocused()
  await page.keyboard.type('Slept well.')
  await page.keyboard.press('Tab')
  await expect(checkIn.getByRole('button', { name: 'Save check-in' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(checkIn.getByRole('status')).toHaveText('Saved')
  expect(await stored(page)).toMatchObject([{ mood: 'good', emotions: ['calm'], note: 'Slept well.' }])

  await page.keyboard.press('Tab')
  await expect(checkIn.getByRole('button', { name: 'Add another check-in' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(checkIn.getByRole('button', { name: 'Change this check-in' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(mood(checkIn, 'Good')).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(mood(checkIn, 'Great')).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(mood(checkIn, 'Great')).toHaveAttribute('aria-pressed', 'true')
  // Calm isn't one of Great's words, so it goes with the change.
  await expect(checkIn.getByRole('button', { name: 'Calm' })).toHaveCount(0)
  await checkIn.getByRole('button', { name: 'Save check-in' }).focus()
  await page.keyboard.press('Enter')
  await expect(checkIn).toContainText('Checked in at 9:14 AM — Great')
  await expect(checkIn.getByRole('status')).toHaveText('Saved')
  expect(await stored(page)).toMatchObject([{ mood: 'great', emotions: [], note: 'Slept well.' }])
})

test('axe finds nothing on the card, with its moods, its details open, and the latest check-in', async ({ page }) => {
  const checkIn = await openWeeklyHome(page, 'checkin-axe')
  await expectNoAxeViolations(page)
  await mood(checkIn, 'Okay').click()
  await checkIn.getByRole('button', { name: 'Restless' }).click()
  await checkIn.getByRole('button', { name: 'Mind' }).click()
  await checkIn.getByLabel('Note').fill('A busy head.')
  await expectNoAxeViolations(page)
  await checkIn.getByRole('button', { name: 'Save check-in' }).click()
  await expect(checkIn.getByRole('status')).toHaveText('Saved')
  await expectNoAxeViolations(page)
})

test.describe('with reduced motion', () => {
  test.use({ reducedMotion: 'reduce' })

  test('nothing on the card moves', async ({ page }) => {
    const checkIn = await openWeeklyHome(page, 'checkin-still')
    await mood(checkIn, 'Great').click()
    await checkIn.getByRole('button', { name: 'Save check-in' }).click()
    await expect(checkIn.getByRole('status')).toHaveText('Saved')
    const moving = await checkIn.evaluate((section) => {
      const lasts = (durations: string) => durations.split(',').some((d) => parseFloat(d) > 0)
      const running = document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect instanceof KeyframeEffect && a.effect.target instanceof Element && section.contains(a.effect.target))
        .map((a) => (a instanceof CSSAnimation ? a.animationName : 'animation'))
      const set = [...section.querySelectorAll('*')].filter((element) => {
        const style = getComputedStyle(element)
        return (style.animationName !== 'none' && lasts(style.animationDuration)) || (style.transitionProperty !== 'none' && lasts(style.transitionDuration))
      })
      return [...running, ...set.map((element) => element.tagName)]
    })
    expect(moving).toEqual([])
  })
})

test('the card on /dashboard too, sharing the day with the weekly home', async ({ page }, testInfo) => {
  await signInAsNewUser(page, 'checkin-dashboard')
  await page.clock.setFixedTime(nineFourteen)
  await page.goto('/dashboard')
  const checkIn = card(page)
  await mood(checkIn, 'Great').click()
  await expect(checkIn).toContainText('Checked in at 9:14 AM — Great')
  await expect(checkIn.getByRole('status')).toHaveText('Saved')
  await checkIn.getByRole('button', { name: 'Proud' }).click()
  await checkIn.getByRole('button', { name: 'Save check-in' }).click()
  await expect(checkIn.getByRole('list', { name: 'Details' })).toHaveText('Proud')
  await expectNoAxeViolations(page)
  await page.screenshot({ path: testInfo.outputPath('dashboard.png'), fullPage: true })

  await page.goto('/weekly-dashboard')
  await expect(card(page)).toContainText('Checked in at 9:14 AM — Great')
  expect(await stored(page)).toHaveLength(1)
})

test.describe('a check-in that listens', () => {
  const kindWord = (scope: Locator) => scope.getByRole('region', { name: 'A kind word' })

  test('an Awful check-in whose words speak of a crisis shows the help card under it, with numbers to tap', async ({ page }, testInfo) => {
    const checkIn = await openWeeklyHome(page, 'checkin-crisis')
    await mood(checkIn, 'Awful').click()
    await checkIn.getByRole('button', { name: 'Hopeless' }).click()
    await checkIn.getByLabel('Note').fill("I don't want to be here anymore")
    await checkIn.getByRole('button', { name: 'Save check-in' }).click()
    await expect(checkIn.getByRole('status')).toHaveText('Saved')
    // Saved as written, with the help beneath it rather than a kind word.
    await expect(checkIn).toContainText("I don't want to be here anymore")
    const help = checkIn.getByRole('region', { name: 'You deserve support right now' })
    await expect(help).toBeVisible()
    // Numbers to tap, for where the member is (the page's zone is an Etc/ one, so the browser's language decides).
    await expect(help.getByRole('link', { name: /^Call / }).first()).toHaveAttribute('href', /^tel:\d+$/)
    await expect(help.getByRole('link', { name: 'Try a grounding exercise' })).toHaveAttribute('href', '/grounding')
    await expect(help.getByRole('link', { name: 'Make a safety plan' })).toHaveAttribute('href', '/safety-plan')
    await expect(kindWord(checkIn)).toHaveCount(0)
    expect(await stored(page)).toMatchObject([{ mood: 'awful', emotions: ['hopeless'], note: "I don't want to be here anymore" }])
    await expectNoAxeViolations(page)
    await page.screenshot({ path: testInfo.outputPath('check-in-crisis.png'), fullPage: true })

    // Still there when the member comes back.
    await page.reload()
    await expect(card(page).getByRole('region', { name: 'You deserve support right now' })).toBeVisible()
  })

  test('an Awful check-in without such words gets a kind word and ways on, at once and offline too', async ({ page, context, consoleErrors }, testInfo) => {
    consoleErrors.allow(/ERR_INTERNET_DISCONNECTED/, 'the page is offline on purpose; what it asks for meanwhile fails')
    const checkIn = await openWeeklyHome(page, 'checkin-kind')
    await mood(checkIn, 'Awful').click()
    const word = kindWord(checkIn)
    await expect(word).toContainText("It's noted, and hard days count too.")
    await expect(word.getByRole('link')).toHaveText([/Grounding/, /Breathe/, /Write about it/])
    await expect(word.getByRole('link', { name: /Grounding/ })).toHaveAttribute('href', '/grounding')
    await expect(checkIn.getByRole('region', { name: 'You deserve support right now' })).toHaveCount(0)
    await expectNoAxeViolations(page)
    await checkIn.screenshot({ path: testInfo.outputPath('check-in-kind-word.png') })
    await checkIn.getByRole('button', { name: 'Save check-in' }).click()
    await expect(kindWord(checkIn)).toBeVisible()
    await expect(checkIn.getByRole('region', { name: 'You deserve support right now' })).toHaveCount(0)

    // The same words offline: the rule and the words are in the app.
    await context.setOffline(true)
    await checkIn.getByRole('button', { name: 'Add another check-in' }).click()
    await mood(checkIn, 'Awful').click()
    await expect(checkIn.getByRole('status')).toHaveText("Kept on this device. It will be sent when you're back online.")
    await expect(kindWord(checkIn)).toContainText("It's noted, and hard days count too.")
    await context.setOffline(false)
    await expect(checkIn.getByRole('status')).toHaveText('Saved')

    // Grounding opens the exercise, and Back comes home.
    await kindWord(checkIn).getByRole('link', { name: /Grounding/ }).click()
    await expect(page).toHaveURL(/\/grounding$/)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await page.goBack()
    await expect(kindWord(card(page))).toBeVisible()

    // With a safety plan of the member's own, it is one of the ways on.
    expect((await page.request.put(`/api/safety-plan/lines/${crypto.randomUUID()}`, { data: { step: 'reasons-for-living', text: 'My sister', phone: null, position: 0 } })).ok()).toBe(true)
    await page.goto('/safety-plan')
    await expect(page.getByText('My sister').first()).toBeVisible()
    await page.goto('/weekly-dashboard')
    await expect(kindWord(card(page)).getByRole('link', { name: /My safety plan/ })).toHaveAttribute('href', '/safety-plan')

    // Write about it opens a blank page of the journal, without the day's prompt.
    await kindWord(card(page)).getByRole('link', { name: /Write about it/ }).click()
    await expect(page).toHaveURL(/\/journal\?write$/)
    await expect(page.getByLabel('Your entry')).toBeFocused()
  })

  test('a Bad check-in gets the kind word on the third Bad day running, not before', async ({ page }) => {
    const checkIn = await openWeeklyHome(page, 'checkin-third-bad')
    const daysAgo = (days: number) => new Date(nineFourteen.getTime() - days * 24 * 3_600_000).toISOString()
    const earlier = (days: number, mood: string) => page.request.post('/api/check-ins', { data: { id: crypto.randomUUID(), mood, at: daysAgo(days), timeZone: timezoneId } })
    expect((await earlier(2, 'bad')).status()).toBe(201)
    await mood(checkIn, 'Bad').click()
    await expect(checkIn).toContainText('Checked in at 9:14 AM — Bad')
    await expect(kindWord(checkIn)).toHaveCount(0)

    expect((await earlier(1, 'awful')).status()).toBe(201)
    await page.reload()
    await card(page).getByRole('button', { name: 'Add another check-in' }).click()
    await mood(card(page), 'Bad').click()
    await expect(kindWord(card(page))).toContainText("It's noted, and hard days count too.")
  })
})
