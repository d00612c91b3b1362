import type { Page } from '@playwright/test'
import { expect, expectNoAxeViolations, openAsInstalled, PASSWORD, sessionUser, signInAsNewUser, tabTo, test } from './fixtures'

/**
 * The member's own safety plan (docs/product.md#safety-plan, docs/decisions/0053) on a phone: written a step at a time,
 * read whole, printed on one page, shared, opened without a connection after signing in again, and gone from the
 * device at sign-out.
 */
test.use({ serviceWorkers: 'allow', viewport: { width: 390, height: 844 } })

type PlanLine = { step: string; text: string; phone: string | null }

async function serverPlan(page: Page) {
  return ((await (await page.request.get('/api/safety-plan')).json()) as { lines: PlanLine[] }).lines
}

/** Everything the browser keeps for this origin that could hold the member's words: storage and caches, as text. */
async function keptOnDevice(page: Page) {
  return page.evaluate(async () => {
    const kept: string[] = []
    for (const key of Object.keys(localStorage)) kept.push(`${key}=${localStorage.getItem(key)}`)
    for (const key of Object.keys(sessionStorage)) kept.push(`${key}=${sessionStorage.getItem(key)}`)
    for (const name of await caches.keys()) {
      const cache = await caches.open(name)
      for (const request of await cache.keys()) {
        // The app's own files are precached; what matters is any answer of the API.
        if (new URL(request.url).pathname.startsWith('/api/')) kept.push(`${request.url}=${await (await cache.match(request))!.text()}`)
      }
    }
    return kept.join('\n')
  })
}

const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name })
const next = (page: Page) => page.getByRole('navigation', { name: 'Steps of the plan' }).getByRole('link', { name: 'Next' })

/** Pages in a PDF, counted by its page objects. */
const pagesOf = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g)?.length ?? 0

test('a member writes a safety plan a step at a time, keeps it on one printed page, signs in again and opens it offline; sign-out leaves nothing of it', async ({ page, context, consoleErrors }, testInfo) => {
  consoleErrors.allow(
    /ERR_INTERNET_DISCONNECTED|ERR_FAILED|Failed to fetch/,
    'the page goes offline on purpose just after a sign-in; what it asks for meanwhile fails, through the service worker too',
  )
  const email = await signInAsNewUser(page, 'safety-plan')
  const userId = (await sessionUser(page))!.id
  await openAsInstalled(page, '/weekly-dashboard')

  // One tap from the side menu.
  await page.getByRole('button', { name: 'Open menu' }).click()
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'My safety plan' }).click()
  await expect(page).toHaveURL('/safety-plan')
  await expect(page.getByRole('heading', { level: 1, name: 'My safety plan' })).toBeVisible()
  await expect(page.getByText('Your plan is private. Olo never reads it and it is never sent to an AI.', { exact: false })).toBeVisible()
  await expectNoAxeViolations(page)
  await page.screenshot({ path: testInfo.outputPath('plan-welcome.png'), fullPage: true })

  // Step 1: a line of the member's own, and an idea tapped in.
  await page.getByRole('link', { name: 'Start with step 1' }).click()
  await expect(stepHeading(page, 'Warning signs')).toBeVisible()
  await expect(page.getByText('Step 1 of 7')).toBeVisible()
  await page.getByRole('textbox', { name: 'Warning sign 1' }).fill('I stop answering messages')
  await page.getByRole('button', { name: 'Add: My thoughts race when I try to sleep' }).click()
  await expect(page.getByRole('textbox', { name: 'Warning sign 2' })).toHaveValue('My thoughts race when I try to sleep')
  await expect(page.getByRole('textbox', { name: 'Warning sign 2' })).toBeFocused()
  await expect(page.getByRole('button', { name: 'Add: My thoughts race when I try to sleep' })).toHaveCount(0)
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible()
  await expectNoAxeViolations(page)
  await page.screenshot({ path: testInfo.outputPath('plan-step-1.png'), fullPage: true })

  // By keyboard to the next step, whose heading takes the focus.
  await tabTo(page, next(page))
  await page.keyboard.press('Enter')
  await expect(stepHeading(page, 'Things I can do on my own')).toBeFocused()
  await expect(page.getByRole('link', { name: 'Grounding, 5-4-3-2-1' })).toHaveAttribute('href', '/grounding')
  await expect(page.getByRole('link', { name: 'Breathing Bubble' })).toHaveAttribute('href', '/breathing-bubble')
  await page.getByRole('textbox', { name: 'Something I can do 1' }).fill('Walk around the block')

  // Step 3 left empty: the plan goes on without it.
  await next(page).click()
  await expect(stepHeading(page, 'People and places that take my mind off it')).toBeVisible()
  await next(page).click()

  // Step 4: people, each with a number; one that can't be dialled says so once the field is left, and waits.
  await expect(stepHeading(page, 'People I can ask for help')).toBeVisible()
  await page.getByRole('textbox', { name: 'Name' }).fill('My sister Ana')
  await page.getByRole('textbox', { name: 'Phone number (optional)' }).fill('+44 7700 900123')
  await page.getByRole('button', { name: 'Add a line' }).click()
  await page.getByRole('textbox', { name: 'Name' }).nth(1).fill('Sam')
  const samPhone = page.getByRole('textbox', { name: 'Phone number (optional)' }).nth(1)
  await samPhone.fill('call me')
  await samPhone.blur()
  await expect(samPhone).toHaveAccessibleDescription('Write the number in digits (spaces and dashes are fine), with + before a country code.')
  await samPhone.fill('07700 900456')
  await expect(samPhone).not.toHaveAttribute('aria-invalid')
  await expectNoAxeViolations(page)
  await page.screenshot({ path: testInfo.outputPath('plan-step-4.png'), fullPage: true })

  await next(page).click()
  await expect(stepHeading(page, 'Professionals and services')).toBeVisible()
  await page.getByRole('textbox', { name: 'Name' }).fill('Dr Okafor')
  await page.getByRole('textbox', { name: 'Phone number (optional)' }).fill('020 7946 0000')
  await next(page).click()
  await expect(stepHeading(page, 'Making my surroundings safer')).toBeVisible()
  await page.getByRole('button', { name: 'Add: Ask someone I trust to keep my medicines' }).click()
  await next(page).click()
  await expect(stepHeading(page, 'My reasons for living')).toBeVisible()
  await page.getByRole('textbox', { name: 'A reason 1' }).fill('Seeing my niece grow up')
  await page.getByRole('link', { name: 'See my plan' }).click()

  // The whole plan on one page, every number a call and a text away.
  await expect(page.getByRole('heading', { level: 1, name: 'My safety plan' })).toBeVisible()
  await expect.poll(async () => (await serverPlan(page)).length).toBe(8)
  expect(await serverPlan(page)).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ step: 'people-to-ask', text: 'My sister Ana', phone: '+44 7700 900123' }),
      expect.objectContaining({ step: 'people-to-ask', text: 'Sam', phone: '07700 900456' }),
      expect.objectContaining({ step: 'professionals', text: 'Dr Okafor', phone: '020 7946 0000' }),
    ]),
  )
  await expect(page.getByRole('link', { name: 'Call My sister Ana on +44 7700 900123' })).toHaveAttribute('href', 'tel:+447700900123')
  await expect(page.getByRole('link', { name: 'Text My sister Ana' })).toHaveAttribute('href', 'sms:+447700900123')
  await expect(page.getByRole('link', { name: 'Call Dr Okafor on 020 7946 0000' })).toHaveAttribute('href', 'tel:02079460000')
  await expect(page.getByRole('heading', { level: 2, name: 'Step 3: People and places that take my mind off it' })).toBeVisible()
  await expectNoAxeViolations(page)
  await page.screenshot({ path: testInfo.outputPath('plan-overview.png'), fullPage: true })

  // On paper: one sheet, A4 or Letter, with the numbers still links.
  for (const format of ['A4', 'Letter'] as const) {
    const pdf = await page.pdf({ format, printBackground: true })
    expect(pagesOf(pdf), format).toBe(1)
    expect(pdf.toString('latin1')).toContain('(tel:+447700900123)')
  }
  await page.emulateMedia({ media: 'print' })
  await page.screenshot({ path: testInfo.outputPath('plan-print.png'), fullPage: true })
  await page.emulateMedia({ media: 'screen' })

  // Signing out leaves nothing of the plan on this device.
  await page.getByRole('link', { name: 'Back to Weekly Dashboard' }).click()
  await page.getByRole('button', { name: 'Open menu' }).click()
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page).toHaveURL('/')
  await expect.poll(() => keptOnDevice(page)).not.toMatch(/safetyPlan|My sister Ana|7700 900123|Okafor|niece/)

  // Signed in again, the plan comes back to the device, and opens without a connection.
  await page.goto('/auth/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Continue with email' }).click()
  await expect(page).toHaveURL('/weekly-dashboard')
  await expect.poll(() => page.evaluate((key) => localStorage.getItem(key) ?? '', `lumin.safetyPlan.${userId}`)).toContain('My sister Ana')
  await context.setOffline(true)
  await page.goto('/safety-plan')
  await expect(page.getByRole('heading', { level: 1, name: 'My safety plan' })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'Offline. Your plan is kept on this device.' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Call My sister Ana on +44 7700 900123' })).toHaveAttribute('href', 'tel:+447700900123')
  await expect(page.getByText('Seeing my niece grow up')).toBeVisible()
  await expectNoAxeViolations(page)
  await page.screenshot({ path: testInfo.outputPath('plan-offline.png') })

  // Back online, signing out from here clears it again.
  await context.setOffline(false)
  await page.getByRole('link', { name: 'Back to Weekly Dashboard' }).click()
  await page.getByRole('button', { name: 'Open menu' }).click()
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page).toHaveURL('/')
  await expect.poll(() => keptOnDevice(page)).not.toMatch(/safetyPlan|My sister Ana|7700 900123|Okafor|niece/)
})

test('a change made offline is kept on the device and saved when the connection returns', async ({ page, context, consoleErrors }) => {
  consoleErrors.allow(/ERR_INTERNET_DISCONNECTED|Failed to fetch/, 'the page is offline on purpose; what it asks for meanwhile fails')
  await signInAsNewUser(page, 'plan-offline-edit')
  await openAsInstalled(page, '/safety-plan?step=7')
  await page.getByRole('textbox', { name: 'A reason 1' }).fill('My garden')
  await expect.poll(async () => (await serverPlan(page)).map((line) => line.text)).toEqual(['My garden'])

  await context.setOffline(true)
  await page.getByRole('textbox', { name: 'A reason 1' }).fill('My garden in June')
  await page.getByRole('button', { name: 'Add: The people I love' }).click()
  await page.getByRole('button', { name: 'Remove My garden in June' }).click()
  await expect(page.getByRole('status').filter({ hasText: "Kept on this device. It will be saved when you're back online." })).toBeVisible()
  await page.reload()
  await expect(page.getByRole('textbox', { name: 'A reason 1' })).toHaveValue('The people I love')

  await context.setOffline(false)
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible()
  await expect.poll(async () => (await serverPlan(page)).map((line) => line.text)).toEqual(['The people I love'])
})

test('a typical plan, three lines to a step, prints on one A4 or Letter sheet', async ({ page }, testInfo) => {
  await signInAsNewUser(page, 'plan-print')
  const typical: Record<string, string[]> = {
    'warning-signs': ['I stop answering messages and stay in bed all day', 'My thoughts race when I try to sleep', 'I feel like a burden after an argument at home'],
    'on-my-own': ['Walk around the block, slowly, and count the trees', 'Take a hot shower and put on clean clothes', 'Listen to the calm playlist Ana made for me'],
    'people-and-places': ['The café on the corner, where it is busy and warm', 'The library on Saturday mornings', 'Call my cousin Leo just to chat about football'],
    'people-to-ask': ['My sister Ana', 'My friend Sam from work', 'Mum'],
    professionals: ['Dr Okafor at the health centre', 'My counsellor, Ruth', 'The out-of-hours line of my practice'],
    'safer-surroundings': ['Ask Ana to keep my medicines at her place', 'Keep the car keys with my flatmate this week', 'Go where other people are'],
    'reasons-for-living': ['Seeing my niece grow up', 'My dog, Biscuit, who needs his walks', 'The sea in the morning, and the trip to Lisbon we planned'],
  }
  for (const [step, texts] of Object.entries(typical)) {
    for (const [position, text] of texts.entries()) {
      const phone = step === 'people-to-ask' || step === 'professionals' ? `+44 7700 90${String(position).padStart(4, '0')}` : null
      expect((await page.request.put(`/api/safety-plan/lines/${crypto.randomUUID()}`, { data: { step, text, phone, position } })).status()).toBe(201)
    }
  }
  await page.goto('/safety-plan')
  await expect(page.getByText('The sea in the morning, and the trip to Lisbon we planned')).toBeVisible()
  for (const format of ['A4', 'Letter'] as const) expect(pagesOf(await page.pdf({ format, printBackground: true })), format).toBe(1)
  // From a step's view too, the printed page is the whole plan.
  await page.goto('/safety-plan?step=3')
  await expect(page.getByRole('heading', { level: 1, name: 'People and places that take my mind off it' })).toBeVisible()
  const pdf = await page.pdf({ format: 'A4', printBackground: true })
  expect(pagesOf(pdf)).toBe(1)
  expect(pdf.toString('latin1')).toContain('(tel:+447700900002)')
  await page.emulateMedia({ media: 'print' })
  await page.screenshot({ path: testInfo.outputPath('plan-typical-print.png'), fullPage: true })
})

test('Keep a copy: the phone’s share sheet gets the plan as text, and without one it is copied', async ({ page, context }) => {
  await signInAsNewUser(page, 'plan-share')
  for (const [id, line] of [
    [crypto.randomUUID(), { step: 'warning-signs', text: 'I stop eating', position: 0 }],
    [crypto.randomUUID(), { step: 'people-to-ask', text: 'Ana', phone: '+34 600 000 000', position: 0 }],
  ] as const) {
    expect((await page.request.put(`/api/safety-plan/lines/${id}`, { data: line })).status()).toBe(201)
  }
  const text = 'My safety plan\n\n1. Warning signs\n- I stop eating\n\n4. People I can ask for help\n- Ana: +34 600 000 000\n\nIn an emergency, call your local emergency number.'

  // Without a share sheet (this browser), the plan is copied as plain text.
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.goto('/safety-plan')
  await page.getByRole('button', { name: 'Copy as text' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Copied. You can paste your plan into a note or a message.' })).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(text)

  // With one, as on a phone, the share sheet gets it.
  await page.addInitScript(() => {
    const shared: ShareData[] = []
    Object.assign(window, { shared })
    Object.defineProperty(navigator, 'share', { value: async (data: ShareData) => void shared.push(data) })
  })
  await page.reload()
  await page.getByRole('button', { name: 'Share' }).click()
  await expect.poll(() => page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared)).toEqual([{ title: 'My safety plan', text }])
})

test('the plan is for members: a visitor at /safety-plan goes to /', async ({ page }) => {
  await page.goto('/safety-plan')
  await expect(page).toHaveURL('/')
})
