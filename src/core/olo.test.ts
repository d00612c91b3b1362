import { describe, expect, it } from 'vitest'
import { canSendMessage, fallbackReadMs } from './olo'

describe('the time a message without audio is given to be read', () => {
  it('is 2 s for anything up to 40 characters', () => {
    expect(fallbackReadMs('')).toBe(2000)
    expect(fallbackReadMs('Hi!')).toBe(2000)
    expect(fallbackReadMs('x'.repeat(40))).toBe(2000)
  })

  it('is 50 ms a character beyond that', () => {
    expect(fallbackReadMs('x'.repeat(41))).toBe(2050)
    expect(fallbackReadMs('x'.repeat(100))).toBe(5000)
    expect(fallbackReadMs('How did your week go? Tell me about one moment that stood out.')).toBe(62 * 50)
  })
})

describe('sending a chat message', () => {
  const ready = { text: 'My week was good.', busy: false, speaking: false, ready: true }

  it('is allowed with text, the chat ready, no request running and Olo not speaking', () => {
    expect(canSendMessage(ready)).toBe(true)
    expect(canSendMessage({ ...ready, text: '  a  ' })).toBe(true)
  })

  it('is not allowed with no text, or only spaces and line breaks', () => {
    expect(canSendMessage({ ...ready, text: '' })).toBe(false)
    expect(canSendMessage({ ...ready, text: ' \n\t ' })).toBe(false)
  })

  it('is not allowed while a request runs, while Olo speaks, or before the chat is ready', () => {
    expect(canSendMessage({ ...ready, busy: true })).toBe(false)
    expect(canSendMessage({ ...ready, speaking: true })).toBe(false)
    expect(canSendMessage({ ...ready, ready: false })).toBe(false)
  })
})
