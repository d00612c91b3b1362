// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { withPracticesWaiting, type Journey } from './journey'

const step = (number: number, next: number) => ({ number, name: `Exercise ${number}`, description: '', gameType: 'breathing' as const, complete: next > number })

function journey(next: number, questDone: number[] = []): Journey {
  return {
    points: (next - 1) * 10,
    level: 1,
    assessment: { focused: 40, energised: 55, calm: 30 },
    because: null,
    path: { key: 'calm', title: 'Calm', description: '', steps: [1, 2, 3].map((n) => step(n, next)), stepsDone: next - 1, next, complete: next > 3 },
    firstQuest: {
      name: 'Lighthouse Focus',
      progress: questDone.length * 50,
      practices: ([1, 2] as const).map((number) => ({ number, name: `Exercise ${number}`, gameType: 'breathing' as const, done: questDone.includes(number) })),
      complete: questDone.length === 2,
    },
  }
}

describe('the journey with practices waiting on the device', () => {
  it('is the server’s answer when none wait, or only ones of another path', () => {
    const answer = journey(2, [1])
    expect(withPracticesWaiting(answer, [])).toBe(answer)
    expect(withPracticesWaiting(answer, [{ path: 'mind', exercise: 2 }])).toBe(answer)
  })

  it('goes on past a waiting step, with the first quest, and leaves the points to the server', () => {
    const shown = withPracticesWaiting(journey(2, [1]), [{ path: 'calm', exercise: 2 }])
    expect(shown.path).toMatchObject({ next: 3, stepsDone: 2, complete: false })
    expect(shown.path?.steps.map((s) => s.complete)).toEqual([true, true, false])
    expect(shown.firstQuest).toMatchObject({ progress: 100, complete: true })
    expect(shown.points).toBe(10)
  })

  it('follows the server’s rule, the highest done plus one: the last step waiting completes the path', () => {
    const shown = withPracticesWaiting(journey(2, [1]), [{ path: 'calm', exercise: 3 }])
    expect(shown.path).toMatchObject({ next: 4, stepsDone: 3, complete: true })
    expect(shown.firstQuest).toMatchObject({ progress: 50, complete: false })
  })

  it('never goes back: a waiting step already done changes nothing', () => {
    const shown = withPracticesWaiting(journey(3, [1, 2]), [{ path: 'calm', exercise: 1 }])
    expect(shown.path).toMatchObject({ next: 3, stepsDone: 2 })
    expect(shown.firstQuest).toMatchObject({ progress: 100, complete: true })
  })
})
