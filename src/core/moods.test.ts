import { describe, expect, it } from 'vitest'
import { checkInWord, MOODS } from './moods'
import { moodNearest, moodScore } from './mood-scores'

describe('moods', () => {
  it('are five, worst to best, each with its word', () => {
    expect(MOODS.map(checkInWord)).toEqual(['Awful', 'Bad', 'Okay', 'Good', 'Great'])
    expect(MOODS.map(moodScore)).toEqual([1, 2, 3, 4, 5])
  })

  it('say an average in the nearest mood, whatever the number', () => {
    expect(moodNearest(1)).toBe('awful')
    expect(moodNearest(2.4)).toBe('bad')
    expect(moodNearest(2.5)).toBe('okay')
    expect(moodNearest(4.6)).toBe('great')
    expect(moodNearest(0)).toBe('awful')
    expect(moodNearest(9)).toBe('great')
    expect(moodNearest(Number.NaN)).toBe('okay')
  })
})
