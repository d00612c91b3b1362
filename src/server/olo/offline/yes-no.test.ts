import { describe, expect, it } from 'vitest'
import { isAffirmative, isUnusable, wantsToStart } from './yes-no'

describe('answers Olo cannot use', () => {
  it.each(['', '   ', '?', '...', 'idk', "I don't know", 'dunno', 'nothing', 'whatever', 'no idea', 'hmmm', 'x', '🙂'])(
    '%j is unusable',
    (text) => expect(isUnusable(text)).toBe(true),
  )

  it.each(['ok', 'meh', 'fine', 'good', 'It was a long week', '7'])('%j is a real answer', (text) => {
    expect(isUnusable(text)).toBe(false)
  })

  it('hears agreement and a wish to begin', () => {
    expect(isAffirmative('Sounds good!')).toBe(true)
    expect(isAffirmative('yes')).toBe(true)
    expect(isAffirmative('no')).toBe(false)
    expect(wantsToStart('just start')).toBe(true)
    expect(wantsToStart("Let's go!")).toBe(true)
    expect(wantsToStart('skip')).toBe(true)
    expect(wantsToStart('I want to start my day calm')).toBe(false)
  })
})
