import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DIMENSION_INFO } from '~/core/dimensions'
import { LIMITS } from '~/core/limits'
import { recapResultSchema } from '~/core/olo'
import { END_OF_CONVERSATION_TOKEN } from '../contract'
import { offlineReply } from './offline-guide'
import { ACTIONS } from './recommendations'
import { openingOf, play, readFinal } from './test-support'

const CAP = LIMITS.userTurns.recap

function finished(answers: readonly string[]) {
  const played = play('recap', answers)
  return { ...played, result: recapResultSchema.parse(played.result) }
}

describe('a recap', () => {
  it('asks its four questions in turn and sums the week up in the user’s words', () => {
    const played = finished(['Pretty busy, work was heavy but Sunday with my sister was lovely.', 'about a 6', 'connection', 'more sleep'])
    expect(played.turns).toBe(4)
    expect(played.replies[0]).toMatch(/1 to 10/)
    expect(played.replies[1]).toMatch(/mind, body, heart, connection, purpose, growth or spirit/)
    expect(played.replies[2]).toMatch(/next week/)
    const { result } = played
    expect(result.rating).toBe(6)
    expect(result.top_priority_dimension).toBe('body')
    expect(result.weekly_summary).toContain('Pretty busy, work was heavy')
    expect(result.weekly_summary).toContain('a 6 out of 10')
    expect(result.weekly_summary).toContain('Body')
    expect(result.weekly_summary).toContain('Connection')
    expect(result.recommendations).toHaveLength(3)
    expect(result.recommendations[0]).toBe('Go to bed 30 minutes earlier on three nights')
    for (const action of result.recommendations) expect(ACTIONS.body.map((a) => a.text)).toContain(action)
  })

  it('reads like a person wrote it: the quote keeps its own "!" without a second full stop, the dimension is named with a colon', () => {
    const played = finished(['Lovely!!!', '9/10', 'body', 'mind'])
    expect(played.replies[2]).toMatch(/^So it was Body: movement, rest and the energy you live with\. Looking ahead/)
    expect(played.result.weekly_summary).toMatch(/^Looking back, you said: "Lovely!" You rated it a 9 out of 10/)
    expect(finished(['it was ok', '6', 'growth', 'growth']).result.weekly_summary).toMatch(/^Looking back, you said: "it was ok"\. You rated/)
    for (const week of ['Great week!', 'was it a good week?', 'fine.', 'busy...', 'ok!!!?']) {
      expect(finished([week, '6', 'body', 'body']).result.weekly_summary).not.toMatch(/[.!?]["']?[.!?]|\s[.,]/)
    }
  })

  it('skips the rating question when the week came with one, and keeps the same focus on "same again"', () => {
    const { turns, result } = finished(["Great week! I'd give it an 8/10.", 'my friends', 'same again'])
    expect(turns).toBe(3)
    expect(result.rating).toBe(8)
    expect(result.top_priority_dimension).toBe('connection')
    expect(result.weekly_summary).toContain('an 8 out of 10')
    expect(result.weekly_summary).toContain(DIMENSION_INFO.connection.label)
  })

  it('keeps it to two small steps after a hard week', () => {
    const { result } = finished(['Rough. I was sick most of the week.', 'three', 'body', 'my feelings'])
    expect(result.rating).toBe(3)
    expect(result.top_priority_dimension).toBe('heart')
    expect(result.recommendations).toHaveLength(2)
    expect(result.weekly_summary).toContain('a 3 out of 10')
    expect(result.weekly_summary).toContain('Heart')
    expect(result.priority_reasoning).toMatch(/Heart/)
  })

  it('rounds ranges and decimals the way people mean them', () => {
    expect(finished(['fine', '6-7', 'mind', 'mind']).result.rating).toBe(7)
    expect(finished(['fine', '6.5', 'mind', 'mind']).result.rating).toBe(7)
    expect(finished(['fine', 'a solid eight', 'mind', 'mind']).result.rating).toBe(8)
  })

  it('asks again, kindly, for an answer it cannot use', () => {
    const played = play('recap', ['?', 'It was ok', 'eleven', 'pretty good', '7', 'hmm', 'spirit'])
    const [afterQuestionMark, , afterEleven, afterPrettyGood, , afterHmm] = played.replies
    for (const reply of [afterQuestionMark, afterEleven, afterPrettyGood, afterHmm]) {
      expect(reply).not.toContain(END_OF_CONVERSATION_TOKEN)
      expect(reply).toMatch(/\?$/)
    }
    expect(afterQuestionMark).toMatch(/week/)
    expect(afterEleven).toMatch(/from 1 to 10/)
    expect(afterPrettyGood).toMatch(/1 to 10/)
    expect(afterHmm).toMatch(/mind, body, heart/)
    expect(played.result).toBeUndefined()
  })

  it('falls back to the dimension that mattered when no focus is named', () => {
    const { turns, result } = finished(['good', '7', 'spirit', 'idk', '?', 'no'])
    expect(turns).toBe(6)
    expect(result.top_priority_dimension).toBe('spirit')
  })

  it('finishes by itself within its turns even when nothing can be used', () => {
    const played = play('recap', Array.from({ length: CAP }, () => '?'), {}, false)
    expect(played.turns).toBe(CAP)
    const result = recapResultSchema.parse(played.result)
    expect(result.rating).toBe(5)
    expect(result.top_priority_dimension).toBe('mind')
    expect(result.weekly_summary).toContain('a 5 out of 10')
    expect(result.weekly_summary).toContain('Mind')
  })

  it('wraps up at once with what it has when told to', () => {
    const reply = offlineReply({
      kind: 'recap',
      history: [
        { role: 'assistant', content: openingOf('recap') },
        { role: 'user', content: 'Long days at work, but a lovely walk in the forest' },
      ],
      wrapUp: true,
    })
    const result = recapResultSchema.parse(readFinal('recap', reply)?.result)
    expect(result.rating).toBe(5)
    expect(result.top_priority_dimension).toBe('purpose')
    expect(result.weekly_summary).toContain('Long days at work')
  })
})

const REALISTIC = [
  'It was a good week', 'Busy but fine', 'Work was stressful and I slept badly', '7', '8/10', 'about a 6', 'seven', '6-7',
  'connection', 'my friends', 'sleep and exercise', 'work', 'meditation', 'the same', 'more time outside', 'learning guitar',
]
const UNUSABLE = ['?', 'idk', '...', 'nothing', 'whatever', '', ' ', 'no idea', '11', '0', 'hmm']

describe('any recap', () => {
  it('ends with a valid result within its turns, and never before the user has said anything', () => {
    const answer = fc.oneof(fc.string(), fc.constantFrom(...REALISTIC), fc.constantFrom(...UNUSABLE))
    fc.assert(
      fc.property(fc.array(answer, { minLength: CAP, maxLength: CAP }), fc.boolean(), (answers, wrapUp) => {
        const opening = { role: 'assistant', content: openingOf('recap') } as const
        expect(offlineReply({ kind: 'recap', history: [opening], wrapUp })).not.toContain(END_OF_CONVERSATION_TOKEN)
        const played = play('recap', answers)
        expect(played.result).toBeDefined()
        expect(played.turns).toBeGreaterThanOrEqual(1)
        expect(played.turns).toBeLessThanOrEqual(CAP)
        for (const reply of played.replies.slice(0, -1)) expect(reply.match(/\?/g)).toHaveLength(1)
        const result = recapResultSchema.parse(played.result)
        expect(result.weekly_summary).toContain(`${result.rating} out of 10`)
        expect(result.weekly_summary).toContain(DIMENSION_INFO[result.top_priority_dimension].label)
      }),
    )
  })
})
