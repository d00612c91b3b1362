import { describe, expect, it } from 'vitest'
import { LIMITS } from '~/core/limits'
import { crisisReply, isCrisisMessage } from './safety'
import { CRISIS_PHRASINGS, ORDINARY_PHRASINGS } from './safety.cases'

const HELPLINES =
  'If you are in danger right now, call your local emergency number. In the US, call or text 988. In the UK and Ireland, call Samaritans on 116 123. Elsewhere, findahelpline.com lists free, confidential helplines.'

describe('the crisis check', () => {
  it.each(CRISIS_PHRASINGS)('catches %j', (text) => {
    expect(isCrisisMessage(text)).toBe(true)
  })

  it.each(ORDINARY_PHRASINGS)('lets %j through', (text) => {
    expect(isCrisisMessage(text)).toBe(false)
  })

  it('has enough cases of each kind for the engine to rely on', () => {
    expect(CRISIS_PHRASINGS.length).toBeGreaterThanOrEqual(45)
    expect(ORDINARY_PHRASINGS.length).toBeGreaterThanOrEqual(45)
  })

  it('lets an empty or blank message through', () => {
    expect(isCrisisMessage('')).toBe(false)
    expect(isCrisisMessage('   \n ')).toBe(false)
  })

  it('finds a crisis at the end of the longest message a user may send', () => {
    const filler = 'My week was fine, work was heavy and I ran 12 kms. '.repeat(60)
    const message = `${filler.slice(0, LIMITS.chatMessageChars - 40)} but I want to kill myself`
    expect(message.length).toBeLessThanOrEqual(LIMITS.chatMessageChars)
    expect(isCrisisMessage(message)).toBe(true)
  })

  // Generous bounds: the machine is shared. They guard against a pattern that backtracks badly, not against a few µs.
  it('takes well under a millisecond per message', () => {
    const all = [...CRISIS_PHRASINGS, ...ORDINARY_PHRASINGS]
    const rounds = 20
    const start = performance.now()
    for (let round = 0; round < rounds; round++) for (const text of all) isCrisisMessage(text)
    expect((performance.now() - start) / (rounds * all.length)).toBeLessThan(1)
  })

  it.each([
    ['repeated words', 'i want to '.repeat(200)],
    ['single letters', 'i a '.repeat(500)],
    ['one long word', 'a'.repeat(2000)],
    ['punctuation', '. , ! ? '.repeat(250)],
  ])('stays fast on a pathological message (%s)', (_name, text) => {
    const message = text.slice(0, LIMITS.chatMessageChars)
    isCrisisMessage(message)
    const start = performance.now()
    isCrisisMessage(message)
    expect(performance.now() - start).toBeLessThan(20)
  })
})

describe('the crisis reply', () => {
  const reply = crisisReply(HELPLINES)

  it('includes the helplines word for word', () => {
    expect(reply).toContain(HELPLINES)
    expect(crisisReply('Call 112 now.')).toContain('Call 112 now.')
  })

  it('says plainly that Olo is an AI guide and not a therapist', () => {
    expect(reply).toContain('not a therapist')
    expect(reply).toContain('AI guide')
  })

  it('thanks them, points to a real person and keeps the conversation open', () => {
    expect(reply).toMatch(/thank you for telling me/i)
    expect(reply).toContain('real person')
    expect(reply).toMatch(/still here/i)
    expect(reply).toMatch(/keep talking/i)
  })

  it('is plain text of three to five sentences of its own', () => {
    expect(reply).not.toMatch(/[*_#`[\]]/)
    const own = reply.replace(HELPLINES, '').trim()
    const sentences = own.split(/(?<=[.!?])\s+/).filter((s) => s.trim() !== '')
    expect(sentences.length).toBeGreaterThanOrEqual(3)
    expect(sentences.length).toBeLessThanOrEqual(5)
  })

  it('still gives a next step when no helplines are configured', () => {
    expect(crisisReply('  ')).toMatch(/emergency number/)
  })
})
