import { describe, expect, it } from 'vitest'
import { LIMITS } from '~/core/limits'
import { isCrisisConversation, isCrisisMessage, isHarmfulReply } from './safety'
import { CRISIS_CONVERSATIONS, CRISIS_PHRASINGS, HARMFUL_REPLIES, ORDINARY_CONVERSATIONS, ORDINARY_PHRASINGS, ORDINARY_REPLIES } from './safety.cases'
import { normalise } from './safety.text'

describe('the crisis check', () => {
  it.each(CRISIS_PHRASINGS)('catches %j', (text) => {
    expect(isCrisisMessage(text)).toBe(true)
  })

  it.each(ORDINARY_PHRASINGS)('lets %j through', (text) => {
    expect(isCrisisMessage(text)).toBe(false)
  })

  it('has enough cases of each kind for the engine to rely on', () => {
    expect(CRISIS_PHRASINGS.length).toBeGreaterThanOrEqual(300)
    expect(ORDINARY_PHRASINGS.length).toBeGreaterThanOrEqual(300)
  })

  it('reads disguised letters as the Latin letters they imitate', () => {
    expect(normalise('k\u0456ll m\u0443s\u0435lf')).toBe('kil myself')
    expect(normalise('\u03ba\u03b9ll')).toBe('kil')
    expect(normalise('ｋｉｌｌ 𝐤𝐢𝐥𝐥 ⓚⓘⓛⓛ')).toBe('kil kil kil')
    expect(normalise('ki\u200Bl\u00ADl\u200E \u202Ekill\u202C ki\u{E0020}ll ki\uFE0Fll')).toBe('kil kil kil kil')
    expect(normalise('0verdose su1c1de d3ad $ad')).toBe('overdose su1c1de dead sad')
  })

  it('keeps the accented letters of the six languages as their plain letters, and numbers as numbers', () => {
    expect(normalise('Él está aquí, señor: ça, müde, não, così, één, Straße')).toBe('el esta aqui . senor . ca . mude . nao . cosi . en . strase')
    expect(normalise('I ran 100 km in 3 weeks, 5/10')).toBe('i ran 100 km in 3 weks . 5 10')
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

  // How long each takes is measured by npm run bench against its budget; here, that each ends, and reads them right.
  it.each([
    ['repeated words', 'i want to '.repeat(200)],
    ['single letters', 'i a '.repeat(500)],
    ['one long word', 'a'.repeat(2000)],
    ['punctuation', '. , ! ? '.repeat(250)],
    ['look-alikes and digits', 'k\u0456 1l1 0 $@ '.repeat(200)],
    ['invisible characters', 'a\u200B\u00AD'.repeat(600)],
  ])('reads a pathological message (%s) as ordinary', (_name, text) => {
    const message = text.slice(0, LIMITS.chatMessageChars)
    expect([isCrisisMessage(message), isCrisisConversation([message, message, message]), isHarmfulReply(message)]).toEqual([false, false, false])
  })
})

describe('the crisis check across the latest messages', () => {
  it.each(CRISIS_CONVERSATIONS)('hears %j together', (...messages) => {
    expect(isCrisisConversation(messages)).toBe(true)
  })

  it.each(ORDINARY_CONVERSATIONS)('lets %j through', (...messages) => {
    expect(isCrisisConversation(messages)).toBe(false)
  })

  it('catches every crisis phrasing as the newest message, after ordinary ones', () => {
    const missed = CRISIS_PHRASINGS.filter((phrasing) => !isCrisisConversation(['My week was a 6.', 'Work was heavy.', phrasing]))
    expect(missed).toEqual([])
  })

  it('reads only the last three messages', () => {
    expect(isCrisisConversation(['I want to', 'say', 'that', 'kill myself'])).toBe(true)
    expect(isCrisisConversation(['I want to', 'say', 'that I', 'die'])).toBe(false)
  })
})

describe("the check on Olo's own replies", () => {
  it.each(HARMFUL_REPLIES)('replaces %j', (text) => {
    expect(isHarmfulReply(text)).toBe(true)
  })

  it.each(ORDINARY_REPLIES)('lets %j through', (text) => {
    expect(isHarmfulReply(text)).toBe(false)
  })

  it('has enough cases of each kind', () => {
    expect(HARMFUL_REPLIES.length).toBeGreaterThanOrEqual(60)
    expect(ORDINARY_REPLIES.length).toBeGreaterThanOrEqual(60)
  })
})
