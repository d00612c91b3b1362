import { describe, expect, it } from 'vitest'
import { consciousnessLevel, levelProgress } from './points'

describe('points and levels', () => {
  it('gives a level per 100 points', () => {
    expect([0, 10, 99, 100, 250].map(consciousnessLevel)).toEqual([1, 1, 1, 2, 3])
  })

  it('counts the points into the level towards the next one', () => {
    expect(levelProgress(0)).toEqual({ level: 1, into: 0, of: 100, next: 2 })
    expect(levelProgress(90)).toEqual({ level: 1, into: 90, of: 100, next: 2 })
    expect(levelProgress(100)).toEqual({ level: 2, into: 0, of: 100, next: 3 })
    expect(levelProgress(230)).toEqual({ level: 3, into: 30, of: 100, next: 4 })
  })
})
