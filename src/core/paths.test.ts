import { describe, expect, it } from 'vitest'
import { isPathComplete, isStepComplete, nextExerciseNumber, questProgress, stepsDone } from './paths'

describe('the next exercise, the steps and the first quest', () => {
  it('is the highest completed number plus 1, or 1 when none is completed', () => {
    expect(nextExerciseNumber([])).toBe(1)
    expect(nextExerciseNumber([1])).toBe(2)
    expect(nextExerciseNumber([2, 1])).toBe(3)
    expect(nextExerciseNumber([3])).toBe(4)
  })

  it('completes a step when the next exercise number is above its number', () => {
    expect([1, 2, 3].map((step) => isStepComplete(step, 1))).toEqual([false, false, false])
    expect([1, 2, 3].map((step) => isStepComplete(step, 3))).toEqual([true, true, false])
    expect([1, 2, 3].map((step) => isStepComplete(step, 4))).toEqual([true, true, true])
    expect([1, 2, 3, 4].map(stepsDone)).toEqual([0, 1, 2, 3])
    expect(stepsDone(9)).toBe(3)
    expect(isPathComplete(3)).toBe(false)
    expect(isPathComplete(4)).toBe(true)
  })

  it('gives the quest’s share done', () => {
    expect(questProgress([])).toBe(0)
    expect(questProgress([2])).toBe(50)
    expect(questProgress([1, 2, 3])).toBe(100)
    expect(questProgress([3])).toBe(0)
  })
})
