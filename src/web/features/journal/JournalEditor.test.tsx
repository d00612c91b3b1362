// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { JournalDraft } from '~/web/data/journal'
import { JournalEditor } from './JournalEditor'

afterEach(cleanup)

const draft = (overrides: Partial<JournalDraft> = {}): JournalDraft => ({
  id: '0b6f1c52-7a53-4c1f-9a53-2f0f6d1e8c11',
  editing: false,
  title: '',
  body: 'On the train.',
  prompt: null,
  saveWhenOnline: false,
  ...overrides,
})

function show(props: Partial<Parameters<typeof JournalEditor>[0]> = {}) {
  const onSave = vi.fn()
  render(<JournalEditor draft={draft()} prompt={undefined} saving={false} online problem={null} onChange={() => {}} onSave={onSave} onCancel={() => {}} {...props} />)
  return { onSave }
}

const connection = () => screen.getAllByRole('status').map((status) => status.textContent).join('')

describe('the journal editor without a connection', () => {
  it('says nothing of the connection while there is one', () => {
    show()
    expect(connection()).toBe('')
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(false)
  })

  it('says offline that the entry is kept on the device, and still lets Save keep it until the connection is back', () => {
    const { onSave } = show({ online: false })
    expect(connection()).toBe('You are offline. Your entry is kept on this device, and once you press Save it is saved as soon as you are back online.')
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(onSave).toHaveBeenCalledOnce()
  })

  it('once saved offline, says it will be saved when back online and waits, while the words can still change', () => {
    const onChange = vi.fn()
    show({ online: false, draft: draft({ saveWhenOnline: true }), onChange })
    expect(connection()).toBe('Your entry is kept on this device and will be saved when you are back online.')
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Waiting for a connection...' }).disabled).toBe(true)
    fireEvent.change(screen.getByRole('textbox', { name: 'Your entry' }), { target: { value: 'On the train, nearly home.' } })
    expect(onChange).toHaveBeenCalledWith(draft({ saveWhenOnline: true, body: 'On the train, nearly home.' }))
  })

  it('saves a kept entry as any other once the connection is back', () => {
    show({ draft: draft({ saveWhenOnline: true }), saving: true })
    expect(connection()).toBe('')
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Saving...' }).disabled).toBe(true)
  })
})

describe('Dictate', () => {
  /** A browser's speech recognition that stops at once with `error`, as Chromium's does offline ('network'). */
  function recognitionFailing(error: string) {
    return class {
      lang = ''
      continuous = false
      interimResults = false
      onresult = null
      onend: (() => void) | null = null
      onerror: ((event: { error: string }) => void) | null = null
      start() {
        queueMicrotask(() => {
          this.onerror?.({ error })
          this.onend?.()
        })
      }
      stop() {}
    }
  }

  afterEach(() => Reflect.deleteProperty(window, 'SpeechRecognition'))

  it.each([
    ['network', 'Dictation needs a connection in this browser. You can go on typing.'],
    ['not-allowed', "Dictation needs the microphone. Allow it for Lumin in your browser's settings, or go on typing."],
    ['audio-capture', 'No microphone was found. You can go on typing.'],
  ])('says why it stopped listening (%s), and forgets it when pressed again', async (error, words) => {
    Object.assign(window, { SpeechRecognition: recognitionFailing(error) })
    show()
    const dictate = screen.getByRole('button', { name: 'Dictate' })
    fireEvent.click(dictate)
    expect(await screen.findByText(words)).toBeTruthy()
    expect(dictate.getAttribute('aria-pressed')).toBe('false')
    expect(connection()).toBe(words)
    Object.assign(window, { SpeechRecognition: recognitionFailing('no-speech') })
    fireEvent.click(dictate)
    expect(connection()).toBe('')
  })
})

describe('who else reads a saved entry', () => {
  it('is said under Save where a provider’s safety check reads it, and nothing is said where none does', () => {
    show({ safetyReader: "When you save, Mistral's safety check also reads your entry, only to see whether you may need help." })
    expect(screen.getByText("When you save, Mistral's safety check also reads your entry, only to see whether you may need help.")).toBeTruthy()
    cleanup()
    show()
    expect(screen.queryByText(/safety check also reads/)).toBeNull()
  })
})
