import type { Page } from '@playwright/test'
import { FAKE_RESULTS } from '../support/fake-model'
import { conversation, expect, expectNoAxeViolations, READ_TIME, signInAsNewUser, test } from './fixtures'
import { E2E_PORTS } from './ports'

const START = new Date('2026-11-24T09:00:00')
const input = (page: Page) => page.getByRole('textbox', { name: 'Your message to Olo' })

/** Sends a message once Olo has had its say (spoken by the fake voice, or its reading hold run on the test's clock). */
async function send(page: Page, text: string) {
  await page.clock.runFor(READ_TIME)
  // The fake model streams its reply in real time, slowly enough for the page to show each delta.
  await expect(input(page)).toBeEnabled({ timeout: 15_000 })
  await input(page).fill(text)
  await input(page).press('Enter')
}

test('with a model provider, the reflection says where the entry goes, and Olo’s reflection is the model’s, validated', async ({ page }) => {
  await page.clock.install({ time: START })
  await signInAsNewUser(page, 'reflect-model')
  expect((await page.request.put('/api/journey/path', { data: { path: 'calm' } })).ok()).toBe(true)
  const id = crypto.randomUUID()
  const body = 'The lake was silver this morning. I walked before work and felt calm for the first time in weeks.'
  // Through the journal's own API.
  expect((await page.request.post('/api/journal', { data: { id, title: 'Silver lake', body, prompt: null, timeZone: 'Europe/Paris' } })).status()).toBe(201)

  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto(`/journal/${id}/reflect`)
  await expect(page.getByRole('region', { name: 'Silver lake' })).toContainText('The lake was silver this morning.')
  // The fake model is an OpenAI-compatible server on this machine: it is named by its address.
  await expect(page.getByText(`Your entry will be sent to 127.0.0.1:${E2E_PORTS.fakeModel} when you reflect.`)).toBeVisible()
  await expect(conversation(page).getByText(/how do you feel\?/)).toBeVisible()
  await page.screenshot({ path: 'test-results/reflection-providers-390.png', fullPage: true })

  // The fake model asks two questions, then finishes with its reflection.
  await send(page, 'Calm, and a bit surprised')
  await expect(conversation(page)).toContainText('What stands out to you most in what you wrote?')
  await send(page, 'The walk before work')
  await expect(conversation(page)).toContainText('What would you like to carry with you from it?')
  await send(page, 'Walking more often')

  const reflection = page.getByRole('region', { name: "Olo's reflection" })
  await expect(reflection).toContainText(FAKE_RESULTS.reflection.reflection, { timeout: 15_000 })
  await expect(reflection.getByRole('link', { name: 'Breathing Bubble' })).toBeVisible()
  await expect(page.getByText('[[OLO_END]]')).toHaveCount(0)
  await expect(page.getByText(/suggested_practice/)).toHaveCount(0)
  await page.clock.runFor(READ_TIME)
  await expectNoAxeViolations(page)
})
