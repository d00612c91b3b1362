import { describe, expect, it } from 'vitest'
import { DIMENSIONS } from '~/core/dimensions'
import { ACTIONS, recommend } from './recommendations'

/** The verbs the library's actions may start with: each is something to do and tick off. */
const ACTION_VERBS = new Set([
  'Put', 'Read', 'Write', 'Work', 'Take', 'Spend', 'Walk', 'Go', 'Drink', 'Stretch', 'Do', 'Cook', 'Switch', 'Pause',
  'Give', 'Note', 'Say', 'Speak', 'Call', 'Share', 'Send', 'Plan', 'Ask', 'Block', 'Finish', 'Set', 'Leave', 'Practise',
  'Tick', 'Sign', 'Review', 'Sit', 'Watch', 'Meditate',
])

describe('the recommendation library', () => {
  it.each(DIMENSIONS)('has at least five distinct actions for %s', (dimension) => {
    const texts = ACTIONS[dimension].map((action) => action.text)
    expect(new Set(texts).size).toBe(texts.length)
    expect(texts.length).toBeGreaterThanOrEqual(5)
  })

  it('writes every action as a short task starting with a capitalised verb', () => {
    const all = DIMENSIONS.flatMap((dimension) => ACTIONS[dimension].map((action) => action.text))
    expect(new Set(all).size).toBe(all.length)
    for (const text of all) {
      expect(text.length, text).toBeLessThan(80)
      expect(ACTION_VERBS, text).toContain(text.split(' ')[0])
      expect(text, text).toMatch(/^[A-Z][a-z]+ [^\n]*[a-z0-9]$/)
    }
  })
})

describe('choosing actions', () => {
  it('puts the actions that fit what the user said first', () => {
    expect(recommend('body', 'I slept badly and felt tired all week', 3, 0)[0]).toBe('Go to bed 30 minutes earlier on three nights')
    expect(recommend('connection', 'I miss my brother, he lives far away', 2, 5)[0]).toBe(
      "Call one friend or family member you haven't spoken to lately",
    )
  })

  it('gives the number asked for, all distinct and from the dimension, the same way every time', () => {
    for (const dimension of DIMENSIONS) {
      const chosen = recommend(dimension, 'an ordinary week', 3, 12345)
      expect(new Set(chosen).size).toBe(3)
      for (const text of chosen) expect(ACTIONS[dimension].map((action) => action.text)).toContain(text)
      expect(recommend(dimension, 'an ordinary week', 3, 12345)).toEqual(chosen)
    }
  })

  it('varies with the conversation when nothing in it points to one action', () => {
    const picks = new Set([0, 1, 2, 3, 4, 5, 6].map((seed) => recommend('mind', '', 2, seed).join()))
    expect(picks.size).toBeGreaterThan(1)
  })
})
