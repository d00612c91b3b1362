import { describe, expect, it } from 'vitest'
import { crisisReply } from './crisis-reply'
import { isCrisisMessage, isHarmfulReply } from './safety'

const OPERATOR_TEXT = 'Call the campus counselling line on 555 0100, day or night. Elsewhere, findahelpline.com lists free helplines.'

describe('the crisis reply', () => {
  const reply = crisisReply(null)

  it('points to the help card, with its numbers for where the member is, and to the emergency number', () => {
    expect(reply).toContain('The card below has helplines for where you are: tap a number to call or text someone who can listen.')
    expect(reply).toContain('please call your local emergency number')
  })

  it("gives an operator's own help word for word instead, ending its sentence", () => {
    expect(crisisReply(OPERATOR_TEXT)).toContain(OPERATOR_TEXT)
    expect(crisisReply(OPERATOR_TEXT)).not.toContain('The card below')
    expect(crisisReply('Call 112 now')).toContain('Call 112 now. ')
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

  it('is plain text of five to seven sentences', () => {
    expect(reply).not.toMatch(/[*_#`[\]]/)
    const sentences = reply.split(/(?<=[.!?])\s+/).filter((s) => s.trim() !== '')
    expect(sentences.length).toBeGreaterThanOrEqual(5)
    expect(sentences.length).toBeLessThanOrEqual(7)
  })

  it('is never taken for a harmful reply, nor for a crisis itself', () => {
    for (const text of [reply, crisisReply(OPERATOR_TEXT)]) {
      expect(isHarmfulReply(text)).toBe(false)
      expect(isCrisisMessage(text)).toBe(false)
    }
  })
})
