import type { Page } from '@playwright/test'
import { JOURNAL_PROMPTS } from '../../src/core/journal'
import { expect, expectNoAxeViolations, signInAsNewUser, tabTo, test } from './fixtures'

/** Every prompt of the library: today's is one of them. */
const ALL_PROMPTS = Object.values(JOURNAL_PROMPTS).flat()

async function openJournal(page: Page) {
  await page.goto('/journal')
  await expect(page.getByRole('heading', { level: 1, name: 'Journal' })).toBeVisible()
}

const editor = (page: Page) => page.getByRole('textbox', { name: 'Your entry' })
const entryCard = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text })

test('a member writes from today’s prompt, finds the draft after a reload, saves, searches, edits and deletes', async ({ page }) => {
  await signInAsNewUser(page, 'journal')
  await openJournal(page)
  await expect(page.getByRole('heading', { name: 'Nothing written yet' })).toBeVisible()
  await expectNoAxeViolations(page)

  await page.getByRole('button', { name: 'New entry' }).click()
  await expect(page.getByRole('heading', { name: 'New entry' })).toBeVisible()
  await expect(page.getByRole('heading', { name: "Today's prompt" })).toBeVisible()
  const prompt = page.getByRole('heading', { name: "Today's prompt" }).locator('xpath=following-sibling::p[1]')
  await expect(editor(page)).toBeFocused()
  const first = await prompt.innerText()
  expect(ALL_PROMPTS).toContain(first)
  // Another prompt is another one; the entry is written from it.
  await page.getByRole('button', { name: 'Another prompt' }).click()
  await expect(prompt).not.toHaveText(first)
  const chosen = await prompt.innerText()
  expect(ALL_PROMPTS).toContain(chosen)
  await expectNoAxeViolations(page)

  await page.getByRole('textbox', { name: 'Title (optional)' }).fill('Harbour evening')
  await editor(page).fill('We walked along the harbour after dinner. The water was still and I felt ')

  // A reload mid-way asks first, then finds the draft as it was.
  const asked: string[] = []
  page.once('dialog', (dialog) => {
    asked.push(dialog.type())
    void dialog.accept()
  })
  await page.reload()
  expect(asked).toEqual(['beforeunload'])
  await expect(page.getByText('Your draft was kept on this device; here it is.')).toBeVisible()
  await expect(editor(page)).toHaveValue('We walked along the harbour after dinner. The water was still and I felt ')
  await expect(page.getByRole('textbox', { name: 'Title (optional)' })).toHaveValue('Harbour evening')
  await expect(page.getByRole('heading', { name: "Today's prompt" }).locator('xpath=following-sibling::p[1]')).toHaveText(chosen)

  await editor(page).press('Control+End')
  await editor(page).pressSequentially('calm.')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  const saved = entryCard(page, 'Harbour evening')
  await expect(saved).toBeFocused()
  await expect(saved).toContainText('We walked along the harbour after dinner. The water was still and I felt calm.')
  await expect(saved).toContainText(chosen)
  await expect(saved.getByRole('link', { name: 'Reflect with Olo' })).toHaveAttribute('href', /^\/journal\/[0-9a-f-]{36}\/reflect$/)
  await expect(page.getByRole('region', { name: 'You deserve support right now' })).toHaveCount(0)
  const month = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric' }).format(new Date())
  await expect(page.getByRole('heading', { level: 2, name: month })).toBeVisible()

  // Saved on the server: a reload shows it, and no draft.
  await page.reload()
  await expect(entryCard(page, 'Harbour evening')).toBeVisible()
  await expect(editor(page)).toHaveCount(0)

  // Search finds it by another form of its words and marks them, as text.
  await page.getByRole('searchbox', { name: 'Search your journal' }).fill('walking')
  await expect(page.getByRole('status').filter({ hasText: 'One entry found.' })).toBeVisible()
  const found = entryCard(page, 'Harbour evening')
  await expect(found.locator('mark')).toHaveText(['walked'])
  await expectNoAxeViolations(page)
  await page.getByRole('searchbox', { name: 'Search your journal' }).fill('umbrella')
  await expect(page.getByText('Nothing in your journal matches “umbrella”.')).toBeVisible()
  await page.getByRole('searchbox', { name: 'Search your journal' }).fill('')

  // Edit.
  await entryCard(page, 'Harbour evening').getByRole('button', { name: 'Edit' }).click()
  await expect(page.getByRole('heading', { name: 'Edit entry' })).toBeVisible()
  await editor(page).fill('We walked along the harbour. Calm, for once.')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(entryCard(page, 'Harbour evening')).toContainText('We walked along the harbour. Calm, for once.')

  // Delete, after a confirmation; cancelling keeps it.
  await entryCard(page, 'Harbour evening').getByRole('button', { name: 'Delete' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Delete this entry?' })
  await expect(confirm).toBeVisible()
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await expectNoAxeViolations(page)
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(entryCard(page, 'Harbour evening')).toBeVisible()
  await entryCard(page, 'Harbour evening').getByRole('button', { name: 'Delete' }).click()
  await confirm.getByRole('button', { name: 'Delete entry' }).click()
  await expect(entryCard(page, 'Harbour evening')).toHaveCount(0)
  await expect(page.getByRole('heading', { name: 'Nothing written yet' })).toBeVisible()
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Nothing written yet' })).toBeVisible()
})

test('leaving with unsaved words asks first; staying keeps them, leaving keeps the draft for later', async ({ page }) => {
  await signInAsNewUser(page, 'journal-leave')
  expect((await page.request.put('/api/journey/path', { data: { path: 'calm' } })).ok()).toBe(true)
  // Into the journal from the dashboard's bar, so the back button stays inside the app.
  await page.goto('/dashboard')
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Journal' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Journal' })).toBeVisible()
  await page.getByRole('button', { name: 'New entry' }).click()
  await page.getByRole('button', { name: 'Write without a prompt' }).click()
  await expect(page.getByRole('heading', { name: "Today's prompt" })).toHaveCount(0)
  await editor(page).fill('Half a thought')

  await page.getByRole('button', { name: 'Open menu' }).click()
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Settings' }).click()
  const ask = page.getByRole('alertdialog', { name: 'Leave without saving?' })
  await expect(ask).toBeVisible()
  await expectNoAxeViolations(page)
  await ask.getByRole('button', { name: 'Stay' }).click()
  await expect(page).toHaveURL('/journal')
  await expect(editor(page)).toHaveValue('Half a thought')

  await page.goBack()
  await expect(ask).toBeVisible()
  await ask.getByRole('button', { name: 'Leave' }).click()
  await expect(page).toHaveURL('/dashboard')
  await page.goto('/journal')
  await expect(editor(page)).toHaveValue('Half a thought')

  // Cancelling the editor asks too; discarding forgets the draft.
  await page.getByRole('button', { name: 'Cancel' }).click()
  await page.getByRole('alertdialog', { name: 'Discard this draft?' }).getByRole('button', { name: 'Discard' }).click()
  await expect(editor(page)).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'New entry' })).toBeFocused()
  await page.reload()
  await expect(editor(page)).toHaveCount(0)
})

test('the other answers: staying after the back button keeps the words and the address, leaving by a link goes there; closing the tab asks too', async ({ page }) => {
  await signInAsNewUser(page, 'journal-leave-other')
  await page.goto('/dashboard')
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Journal' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Journal' })).toBeVisible()
  await page.getByRole('button', { name: 'New entry' }).click()
  await page.getByRole('button', { name: 'Write without a prompt' }).click()
  await editor(page).fill('Another half thought')

  const ask = page.getByRole('alertdialog', { name: 'Leave without saving?' })
  await page.goBack()
  await expect(ask).toBeVisible()
  await ask.getByRole('button', { name: 'Stay' }).click()
  await expect(page).toHaveURL('/journal')
  await expect(editor(page)).toHaveValue('Another half thought')
  // Asked again on the next try: staying changed nothing in the history.
  await page.goBack()
  await expect(ask).toBeVisible()
  await ask.getByRole('button', { name: 'Stay' }).click()
  await expect(page).toHaveURL('/journal')

  await page.getByRole('button', { name: 'Open menu' }).click()
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Settings' }).click()
  await expect(ask).toBeVisible()
  await ask.getByRole('button', { name: 'Leave' }).click()
  await expect(page).toHaveURL('/settings')

  await page.goto('/journal')
  await expect(editor(page)).toHaveValue('Another half thought')
  // Closing or reloading the tab is the browser's own question (beforeunload).
  const asked = page.waitForEvent('dialog')
  await page.close({ runBeforeUnload: true })
  const dialog = await asked
  expect(dialog.type()).toBe('beforeunload')
  await dialog.dismiss()
  // Closed for good here: a page that refused to unload once can hold up its context's closing at the test's end.
  await page.close()
})

test('an entry that sounds like a crisis is saved as written, with the help card gently beneath it', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await signInAsNewUser(page, 'journal-crisis')
  await openJournal(page)
  await page.getByRole('button', { name: 'New entry' }).click()
  await editor(page).fill('Everything is grey. I want to die.')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  const entry = entryCard(page, 'Everything is grey.')
  await expect(entry).toContainText('Everything is grey. I want to die.')
  await expect(entry.getByRole('region', { name: 'You deserve support right now' })).toBeVisible()
  await expectNoAxeViolations(page)
  await page.screenshot({ path: testInfo.outputPath('journal-help-390.png'), fullPage: true })
})

test('entries come a page at a time, grouped by month', async ({ page }) => {
  await signInAsNewUser(page, 'journal-pages')
  for (let i = 1; i <= 23; i++) {
    const response = await page.request.post('/api/journal', { data: { id: crypto.randomUUID(), title: `Day ${i}`, body: `Line number ${i}.`, timeZone: 'Europe/Paris' } })
    expect(response.status()).toBe(201)
  }
  await openJournal(page)
  await expect(page.getByRole('article')).toHaveCount(20)
  await expect(page.getByRole('article').first()).toContainText('Day 23')
  await page.getByRole('button', { name: 'Show older entries' }).click()
  await expect(page.getByRole('article')).toHaveCount(23)
  await expect(page.getByRole('article').last()).toContainText('Day 1')
  await expect(page.getByRole('button', { name: 'Show older entries' })).toHaveCount(0)
})

test('keyboard only: write, save, search and delete', async ({ page }) => {
  await signInAsNewUser(page, 'journal-keys')
  await openJournal(page)
  await tabTo(page, page.getByRole('button', { name: 'New entry' }))
  await page.keyboard.press('Enter')
  await expect(editor(page)).toBeFocused()
  await page.keyboard.type('Typed without a mouse, about the rain.')
  await tabTo(page, page.getByRole('button', { name: 'Save', exact: true }))
  await page.keyboard.press('Enter')
  const entry = entryCard(page, 'Typed without a mouse')
  await expect(entry).toBeFocused()

  await tabTo(page, page.getByRole('searchbox', { name: 'Search your journal' }))
  await page.keyboard.type('rain')
  await expect(entry.locator('mark')).toHaveText(['rain'])
  await tabTo(page, entry.getByRole('button', { name: 'Delete' }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: 'Delete entry' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(entry).toHaveCount(0)
})

test('without speech recognition there is no Dictate button', async ({ page }) => {
  await page.addInitScript(() => {
    // Chromium may offer it; this browser doesn't.
    Reflect.deleteProperty(window, 'webkitSpeechRecognition')
    Reflect.deleteProperty(window, 'SpeechRecognition')
  })
  await signInAsNewUser(page, 'journal-no-voice')
  await openJournal(page)
  await page.getByRole('button', { name: 'New entry' }).click()
  await expect(editor(page)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Dictate' })).toHaveCount(0)
})

test('where the browser can turn speech into text, Dictate adds the spoken words to the entry', async ({ page }) => {
  await page.addInitScript(() => {
    class FakeRecognition {
      lang = ''
      continuous = false
      interimResults = false
      onresult: ((event: unknown) => void) | null = null
      onend: (() => void) | null = null
      onerror: (() => void) | null = null
      start() {
        setTimeout(() => {
          const result = Object.assign([{ transcript: 'the sea was loud tonight' }], { isFinal: true })
          this.onresult?.({ resultIndex: 0, results: [result] })
          this.onend?.()
        }, 50)
      }
      stop() {
        this.onend?.()
      }
    }
    Object.assign(window, { SpeechRecognition: FakeRecognition })
  })
  await signInAsNewUser(page, 'journal-voice')
  await openJournal(page)
  await page.getByRole('button', { name: 'New entry' }).click()
  await editor(page).fill('Walking home,')
  await page.getByRole('button', { name: 'Dictate' }).click()
  await expect(editor(page)).toHaveValue('Walking home, the sea was loud tonight')
  await expect(page.getByRole('button', { name: 'Dictate' })).toHaveAttribute('aria-pressed', 'false')
})

test.describe('with reduced motion', () => {
  test.use({ reducedMotion: 'reduce' })

  test('nothing on the journal moves', async ({ page }) => {
    await signInAsNewUser(page, 'journal-still')
    await openJournal(page)
    await page.getByRole('button', { name: 'New entry' }).click()
    await editor(page).fill('Still.')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await entryCard(page, 'Still.').getByRole('button', { name: 'Delete' }).click()
    await expect(page.getByRole('alertdialog')).toBeVisible()
    const moving = await page.evaluate(() => {
      const lasts = (durations: string) => durations.split(',').some((duration) => parseFloat(duration) > 0)
      return [...document.querySelectorAll('body *')].flatMap((element) => {
        const style = getComputedStyle(element)
        const moves = (style.animationName !== 'none' && lasts(style.animationDuration)) || (style.transitionProperty !== 'none' && lasts(style.transitionDuration))
        return moves ? [`${element.tagName.toLowerCase()}.${element.getAttribute('class')?.slice(0, 60)}`] : []
      })
    })
    expect(moving).toEqual([])
  })
})

test('the journal at a phone’s width', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await signInAsNewUser(page, 'journal-shot')
  for (const [title, body] of [
    ['Harbour evening', 'We walked along the harbour after dinner. The water was still and I felt calm, for once.'],
    ['', 'Long day at work. Called my sister on the way home and laughed about the old kitchen.'],
  ] as const) {
    await page.request.post('/api/journal', { data: { id: crypto.randomUUID(), title, body, prompt: JOURNAL_PROMPTS.connection[0], timeZone: 'Europe/Paris' } })
  }
  await openJournal(page)
  await expect(page.getByRole('article')).toHaveCount(2)
  await page.screenshot({ path: testInfo.outputPath('journal-390.png'), fullPage: true })
  await page.getByRole('button', { name: 'New entry' }).click()
  await editor(page).fill('The light this morning')
  await page.screenshot({ path: testInfo.outputPath('journal-editor-390.png'), fullPage: true })
  await page.getByRole('searchbox', { name: 'Search your journal' }).fill('walking')
  await expect(page.locator('mark')).toHaveCount(1)
  await page.screenshot({ path: testInfo.outputPath('journal-search-390.png'), fullPage: true })
})
