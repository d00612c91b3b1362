import type { Page } from '@playwright/test'
import { expect, expectNoAxeViolations, mailTo, PASSWORD, signInAsNewUser, signUpByApi, test, uniqueEmail } from './fixtures'

const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1280, height: 800 }

/** The focused element and whether it draws an outline (its focus ring). */
function focusRing(page: Page) {
  return page.evaluate(() => {
    const active = document.activeElement as HTMLElement
    return { tag: active.tagName, text: active.textContent?.trim() ?? '', outline: getComputedStyle(active).outlineStyle }
  })
}

test('each onboarding step starts at the top of the page with its heading in view', async ({ page }) => {
  await page.setViewportSize(PHONE)
  await page.goto('/onboarding')
  const continueButton = page.getByRole('button', { name: 'Continue' })
  const steps = [
    { heading: 'What matters most to you?', choose: async () => {
      for (const dimension of [/Heart/, /Mind/, /Spirit/, /Body/]) await page.getByRole('button', { name: dimension }).click()
    } },
    { heading: 'What would you like more of?', choose: () => page.getByRole('radio', { name: /Peace/ }).click() },
    { heading: 'You’re ready to begin', choose: async () => undefined },
  ]
  for (const [index, step] of steps.entries()) {
    // The person has scrolled to the end of the step before: the rank and focus steps are taller than a phone.
    await page.evaluate(() => window.scrollTo(0, document.scrollingElement!.scrollHeight))
    if (index > 0) expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
    await continueButton.click()
    const heading = page.getByRole('heading', { level: 1, name: step.heading })
    await expect(heading).toBeFocused()
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
    await expect(heading).toBeInViewport({ ratio: 1 })
    await step.choose()
  }
  await expectNoAxeViolations(page)
})

test('a heading focused on arrival shows a focus ring after a keyboard move, and none after a tap or a click', async ({ page }) => {
  await signInAsNewUser(page, 'focus-ring')
  await page.goto('/dashboard')
  const explore = page.getByRole('link', { name: 'Explore Paths' })

  await explore.click()
  await expect(page.getByRole('heading', { level: 1, name: 'Explore Paths' })).toBeFocused()
  expect(await focusRing(page)).toMatchObject({ tag: 'H1', outline: 'none' })

  await page.getByRole('link', { name: 'Back to your path' }).tap()
  await expect(page.getByRole('heading', { level: 1, name: 'Choose Your Path' })).toBeFocused()
  expect(await focusRing(page)).toMatchObject({ tag: 'H1', outline: 'none' })

  await explore.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: 'Explore Paths' })).toBeFocused()
  expect((await focusRing(page)).outline).not.toBe('none')
})

test('onboarding focuses each step’s heading with a focus ring only when the keyboard moved on', async ({ page }) => {
  await page.goto('/onboarding')
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'What matters most to you?' })).toBeFocused()
  expect((await focusRing(page)).outline).toBe('none')
  await page.getByRole('button', { name: 'Back' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Lumin' })).toBeFocused()
  expect((await focusRing(page)).outline).not.toBe('none')
})

test('the sections bar spans a phone and is a rail down the side of a wide screen', async ({ page }) => {
  await signInAsNewUser(page, 'sections')
  await page.setViewportSize(PHONE)
  await page.goto('/dashboard')
  const bar = page.getByRole('navigation', { name: 'Sections' })
  await expect(bar.getByRole('link', { name: 'Journal' })).toBeVisible()
  expect(await bar.boundingBox()).toMatchObject({ x: 0, width: PHONE.width })

  await page.setViewportSize(DESKTOP)
  await expect(bar.getByRole('link', { name: 'Journal' })).toBeVisible()
  const box = (await bar.boundingBox())!
  expect(box).toMatchObject({ x: 0, y: 0, height: DESKTOP.height })
  expect(box.width).toBeLessThanOrEqual(240)
  await expectNoAxeViolations(page)
})

test('the explore screen has one action per card to choose and one way back, to the home it was opened from', async ({ page }) => {
  await signInAsNewUser(page, 'explore')
  await page.setViewportSize(DESKTOP)
  await page.goto('/explore')
  await page.getByRole('button', { name: 'Choose Calm' }).click()
  await expect(page).toHaveURL('/dashboard')
  await page.getByRole('link', { name: 'Explore Other Paths' }).click()

  const cards = page.getByRole('list', { name: 'Paths' }).locator(':scope > li')
  await expect(cards).toHaveCount(4)
  for (const card of await cards.all()) {
    const title = await card.getByRole('heading', { level: 2 }).textContent()
    const actions = card.getByRole('button').or(card.getByRole('link'))
    if (title === 'Calm') {
      await expect(card).toContainText('Your current path')
      await expect(actions).toHaveCount(0)
    } else {
      await expect(actions).toHaveCount(1)
      await expect(actions).toHaveText(`Choose ${title}`)
    }
  }
  await expect(page.getByRole('link', { name: 'Back to your path' })).toHaveCount(1)
  await expect(page.getByRole('link', { name: /^Back|dashboard/i })).toHaveCount(1)
  await expect(page.getByText('Switching paths resets your path progress.')).toBeVisible()
  await expectNoAxeViolations(page)
})

test('the app shows in its own typeface, whose fallback takes the same room so the swap moves nothing', async ({ page }) => {
  const fontRequests: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'font') fontRequests.push(new URL(request.url()).pathname)
  })
  await page.goto('/onboarding')
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Lumin' })).toBeVisible()
  expect(await page.evaluate(async () => (await document.fonts.ready, document.fonts.check('600 30px Figtree')))).toBe(true)
  expect(await page.getByRole('heading', { level: 1 }).evaluate((h) => getComputedStyle(h).fontFamily)).toMatch(/^Figtree,/)
  // Self-hosted, and only the Latin file.
  expect(fontRequests).toEqual([expect.stringMatching(/^\/assets\/figtree-latin-wght-normal-[\w-]+\.woff2$/)])

  const sizes = await page.evaluate(() => {
    const text = document.querySelector('main p')!.textContent!
    const measure = (family: string) => {
      const block = document.createElement('p')
      block.style.cssText = `font-family: ${family}; font-size: 16px; line-height: normal; width: 358px; position: absolute; left: 0; top: 0`
      block.textContent = text
      document.body.append(block)
      const { height } = block.getBoundingClientRect()
      const line = document.createElement('span')
      line.style.cssText = `font-family: ${family}; font-size: 16px; white-space: nowrap; position: absolute`
      line.textContent = text
      document.body.append(line)
      const { width } = line.getBoundingClientRect()
      block.remove()
      line.remove()
      return { height, width }
    }
    return { typeface: measure("'Figtree'"), fallback: measure("'Figtree Fallback'") }
  })
  expect(Math.abs(sizes.fallback.width / sizes.typeface.width - 1)).toBeLessThan(0.02)
  expect(sizes.fallback.height).toBe(sizes.typeface.height)
})

test.describe('as the installed app runs, its service worker registering and precaching', () => {
  test.use({ serviceWorkers: 'allow' })

  test('a first sign-up through the screens leaves no warning or error in the browser console', async ({ page }) => {
    const problems: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`)
    })
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
    await page.goto('/onboarding')
    const continueButton = page.getByRole('button', { name: 'Continue' })
    await continueButton.click()
    for (const dimension of [/Mind/, /Heart/, /Body/]) await page.getByRole('button', { name: dimension }).click()
    await continueButton.click()
    await page.getByRole('radio', { name: /Clarity/ }).click()
    await continueButton.click()
    await continueButton.click()
    await expect(page).toHaveURL('/auth/mind')

    const email = uniqueEmail('first-sign-up')
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Continue with email' }).click()
    await expect(page.getByRole('status')).toContainText('confirmation link')
    await page.goto((await mailTo(page, email)).link)
    await page.getByRole('button', { name: 'Confirm my email' }).click()
    await expect(page).toHaveURL('/weekly-dashboard')
    await expect(page.getByRole('heading', { level: 1 })).toContainText(email.split('@')[0]!)
    await page.goto('/dashboard')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()

    expect(problems).toEqual([])
  })
})

test('the dev outbox reads on a phone: its long links wrap instead of widening the page', async ({ page }) => {
  await page.setViewportSize(PHONE)
  const email = uniqueEmail('outbox-phone')
  await signUpByApi(page, email)
  const { link } = await mailTo(page, email)
  await page.goto('/dev/outbox')
  await expect(page.getByRole('heading', { level: 1, name: 'Dev outbox' })).toBeVisible()
  await expect(page.getByText(link)).toBeVisible()
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
})
