import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { LIMITS } from '~/core/limits'
import { thresholdResultSchema } from '~/core/olo'
import { MINIGAMES } from '~/server/db/content'
import { END_OF_CONVERSATION_TOKEN } from '../contract'
import { CARE_REPLY, endsUnfinished, speaksOfDistress } from '../distress'
import { DISTRESSED } from '../distress.cases'
import { offlineReply } from './offline-guide'
import { openingOf, play, readFinal } from './test-support'

const CAP = LIMITS.userTurns.threshold

function intentionOf(answers: readonly string[], exerciseName?: string) {
  const played = play('threshold', answers, exerciseName === undefined ? {} : { exerciseName })
  return { ...played, intention: thresholdResultSchema.parse(played.result).intention }
}

describe('a threshold', () => {
  it('closes at once when the first answer gives an intention', () => {
    const { turns, intention, closing } = intentionOf(['I want to feel calmer'], 'Breathing Bubble')
    expect(turns).toBe(1)
    expect(intention).toBe('I let myself feel calmer.')
    expect(closing).toContain('Breathing Bubble')
  })

  it('asks once more, concretely and naming the practice, when the answer cannot be used', () => {
    const played = intentionOf(['idk', 'more focused'], 'Focus Steps')
    expect(played.replies[0]).not.toContain(END_OF_CONVERSATION_TOKEN)
    expect(played.replies[0]).toContain('Focus Steps')
    expect(played.replies[0]).toMatch(/\?$/)
    expect(played.turns).toBe(2)
    expect(played.intention).toBe('I let myself feel more focused.')
  })

  it('offers a kind intention of its own after a second unusable answer', () => {
    const { turns, intention } = intentionOf(['idk', 'whatever'], 'Quiet Sit')
    expect(turns).toBe(2)
    expect(intention).toBe('I let myself rest here, with nothing to fix.')
  })

  it.each(['just start', 'skip', "Let's go!"])('begins at once on %j', (answer) => {
    const { turns, intention } = intentionOf([answer], 'Energising Breath')
    expect(turns).toBe(1)
    expect(intention).toBe('I breathe in fresh energy, one full breath at a time.')
  })

  it('has a fitting default for every practice, and one for a practice it does not know', () => {
    for (const { name } of MINIGAMES) expect(intentionOf(['skip'], name).intention).toMatch(/^I .+\.$/)
    expect(intentionOf(['skip']).intention).toBe('I give this practice my gentle, full attention.')
  })

  it('wraps up at once when told to', () => {
    const reply = offlineReply({
      kind: 'threshold',
      history: [
        { role: 'assistant', content: openingOf('threshold') },
        { role: 'user', content: '?' },
      ],
      wrapUp: true,
      exerciseName: 'Warm Breath',
    })
    expect(thresholdResultSchema.parse(readFinal('threshold', reply)?.result).intention).toBe(
      'I breathe in warmth and send it to someone I care about.',
    )
  })
})

describe('a threshold that hears distress', () => {
  it('answers with care when the engine says the member’s last words speak of distress', () => {
    const history = [{ role: 'assistant', content: openingOf('threshold') } as const, { role: 'user', content: 'I feel hopeless' } as const]
    expect(offlineReply({ kind: 'threshold', history, wrapUp: false, distressed: true })).toBe(CARE_REPLY)
  })

  it('never makes an intention of it, nor of a thought cut off, and takes the next answer instead', () => {
    expect(intentionOf(['I feel hopeless', 'calm'], 'Quiet Sit').intention).toBe('I let myself feel calm.')
    expect(intentionOf(["I think I'm going to", 'end my', 'skip'], 'Quiet Sit').intention).toBe('I let myself rest here, with nothing to fix.')
  })
})

const REALISTIC = [
  'I want to feel calmer', 'to focus on my breath', 'more energy for the afternoon', 'just start', 'skip', 'calm', 'peace',
  "let's go", 'I am so tired', 'to be kinder to myself', 'clarity',
]
const UNUSABLE = ['?', 'idk', '...', 'nothing', 'whatever', '', ' ', 'no idea']

describe('any threshold', () => {
  it('ends with a short first-person intention within its turns, and never before the user has said anything', () => {
    const answer = fc.oneof(fc.string(), fc.constantFrom(...REALISTIC), fc.constantFrom(...UNUSABLE), fc.constantFrom(...DISTRESSED))
    const exercise = fc.option(fc.constantFrom(...MINIGAMES.map((minigame) => minigame.name)), { nil: undefined })
    fc.assert(
      fc.property(fc.array(answer, { minLength: CAP, maxLength: CAP }), exercise, fc.boolean(), (answers, exerciseName, wrapUp) => {
        const context = exerciseName === undefined ? {} : { exerciseName }
        const opening = { role: 'assistant', content: openingOf('threshold') } as const
        expect(offlineReply({ kind: 'threshold', history: [opening], wrapUp, ...context })).not.toContain(END_OF_CONVERSATION_TOKEN)
        const played = play('threshold', answers, context)
        // Distress is never made a result: a chat of nothing else stays open, and the engine answers each with care.
        expect(played.result === undefined).toBe(answers.every(speaksOfDistress))
        if (played.result === undefined) return
        expect(played.turns).toBeGreaterThanOrEqual(1)
        expect(played.turns).toBeLessThanOrEqual(CAP)
        const { intention } = thresholdResultSchema.parse(played.result)
        expect(intention).toMatch(/^I\b.*\.$/)
        expect(intention.length).toBeLessThan(120)
        expect(endsUnfinished(intention) || speaksOfDistress(intention)).toBe(false)
      }),
    )
  })
})
