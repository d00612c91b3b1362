import { describe, expect, it } from 'vitest'
import { KEYBOARD_MOVE_MS } from '~/core/timings'
import { movedByKeyboard } from './route-focus'

describe('whether the keyboard moved to a screen (its heading then shows a focus ring)', () => {
  it('is so right after an Enter or Space press', () => {
    expect(movedByKeyboard({ key: 1000, pointer: -Infinity }, 1000 + 40)).toBe(true)
    expect(movedByKeyboard({ key: 1000, pointer: 500 }, 1000 + KEYBOARD_MOVE_MS)).toBe(true)
  })

  it('is not after a tap or click, even one that follows typing', () => {
    expect(movedByKeyboard({ key: 1000, pointer: 1200 }, 1250)).toBe(false)
    expect(movedByKeyboard({ key: -Infinity, pointer: -Infinity }, 10)).toBe(false)
  })

  it('is not when the app moves on by itself long after the last key (a chat ending, a redirect)', () => {
    expect(movedByKeyboard({ key: 1000, pointer: -Infinity }, 1000 + KEYBOARD_MOVE_MS + 1)).toBe(false)
  })
})
