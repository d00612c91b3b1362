import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { FAKE_RESULTS } from '~test/support/fake-model'
import { BELIEVED_REPLY, CARE_REPLY, endsUnfinished, isDenial, isDistressedConversation, resultIsUnfinished, resultSpeaksOfDistress, speaksOfDistress } from './distress'
import { ACTIONS } from './offline/recommendations'
import { isCrisisMessage } from './safety'
import { DISTRESSED } from './distress.cases'
import { CRISIS_PHRASINGS } from './safety.cases'

/** Intentions, goals and summaries as people and Olo write them, with the words that sit next to distress's. */
const ORDINARY = [
  'I want to feel calmer',
  'I breathe slowly and let my shoulders drop.',
  'I let myself rest here, with nothing to fix.',
  'I give up sugar',
  'Give up smoking',
  'I never give up.',
  'I want to end my day with a walk',
  'Run 100 km',
  'Read 12 books this year',
  'Save 500 euros for a trip',
  'Quiero leer más libros',
  'Buena suerte en el examen',
  'Dormir mejor',
  'Je veux me sentir calme',
  'Ich will die Ruhe genießen',
  'Ich möchte die Natur genießen',
  'Das ist gut für die Seele',
  'Quero ter mais força',
  'Quero me sentir em paz',
  'Voglio dormire meglio',
  'Sono forte',
  'Voglio non arrendermi mai',
  'Ik wil tot rust komen',
  'Het leven heeft zin',
  'Ik wil me rustig voelen',
]

describe('the distress reading', () => {
  it.each(DISTRESSED)('hears %j', (text) => {
    expect(speaksOfDistress(text)).toBe(true)
  })

  it.each(ORDINARY)('leaves %j alone', (text) => {
    expect(speaksOfDistress(text)).toBe(false)
  })

  it('hears everything the crisis check answers with help', () => {
    for (const text of CRISIS_PHRASINGS) expect(speaksOfDistress(text)).toBe(true)
    fc.assert(fc.property(fc.string(), (text) => !isCrisisMessage(text) || speaksOfDistress(text)))
  })

  it('hears more than the crisis check does: it decides what is kept, not when the help is shown', () => {
    expect(DISTRESSED.filter((text) => !isCrisisMessage(text)).length).toBeGreaterThanOrEqual(10)
  })

  it('reads a chat’s last messages together, and only for what reaches into the newest', () => {
    expect(isDistressedConversation(["I think I'm going to", 'end my'])).toBe(true)
    expect(isDistressedConversation(['I feel', 'so hopeless'])).toBe(true)
    expect(isDistressedConversation(['I feel hopeless', 'calm, please'])).toBe(false)
    expect(isDistressedConversation(['I want to', 'feel calmer'])).toBe(false)
    expect(isDistressedConversation([])).toBe(false)
  })

  it('lets none of the offline guide’s own words, nor the fake model’s results, be refused', () => {
    for (const action of Object.values(ACTIONS).flat()) expect(speaksOfDistress(action.text), action.text).toBe(false)
    const words = Object.values(FAKE_RESULTS).flatMap((result) => Object.values(result).flat())
    for (const text of words) if (typeof text === 'string') expect(speaksOfDistress(text), text).toBe(false)
    expect(speaksOfDistress(CARE_REPLY.split('?')[0]!)).toBe(false)
  })
})

describe('a result that speaks of distress', () => {
  it('is refused as an intention, a goal or a reflection, whatever field the words are in', () => {
    expect(resultSpeaksOfDistress('threshold', { intention: 'I welcome sleep forever.' })).toBe(true)
    expect(resultSpeaksOfDistress('goal', { ...FAKE_RESULTS.goal, description: 'Stop feeling hopeless by spring.' })).toBe(true)
    expect(resultSpeaksOfDistress('reflection', { reflection: 'You wrote that nothing matters any more.', suggested_practice: null })).toBe(true)
  })

  it('may name a hard week in a recap, but never as a task, and never a crisis', () => {
    const recap = { ...FAKE_RESULTS.recap, recommendations: [...FAKE_RESULTS.recap.recommendations] }
    expect(resultSpeaksOfDistress('recap', { ...recap, weekly_summary: 'A hopeless week after your loss, and you still came back to look at it.' })).toBe(false)
    expect(resultSpeaksOfDistress('recap', { ...recap, recommendations: ['Write a goodbye note to everyone', 'Walk for 20 minutes'] })).toBe(true)
    expect(resultSpeaksOfDistress('recap', { ...recap, weekly_summary: 'You said you want to kill yourself.' })).toBe(true)
  })
})

describe('words that stop where more must come', () => {
  it.each(['I welcome end my.', "I think I'm going to", 'my', 'Quiero sentirme con mi', 'Je veux prendre soin de mon', 'Ich will mein', 'Ik wil mijn'])('%j is unfinished', (text) => {
    expect(endsUnfinished(text)).toBe(true)
  })

  it.each(['I let myself feel calmer.', 'I breathe in warmth and send it to someone I care about.', 'I breathe in.', 'I carry on', 'Ich höre zu.', 'Ich mache das.', 'Ik doe het', 'Save 500 €', 'Run 100 km'])('%j is whole', (text) => {
    expect(endsUnfinished(text)).toBe(false)
  })

  it('refuses an unfinished intention or goal title only', () => {
    expect(resultIsUnfinished('threshold', { intention: 'I welcome end my.' })).toBe(true)
    expect(resultIsUnfinished('goal', { ...FAKE_RESULTS.goal, title: 'Run with my' })).toBe(true)
    expect(resultIsUnfinished('goal', FAKE_RESULTS.goal)).toBe(false)
  })
})

describe('a denial after the help', () => {
  it.each([
    "I'm fine",
    "I'm not suicidal, you misunderstood",
    'you took it too literally lol',
    'Estoy bien, no te preocupes',
    "Je vais bien, tu m'as mal compris",
    'Du hast mich falsch verstanden, mir geht es gut',
    'Estou bem, você me entendeu mal',
    'Sto bene, mi hai frainteso',
    'Het gaat goed, je hebt me verkeerd begrepen',
  ])('%j is believed', (text) => {
    expect(isDenial(text)).toBe(true)
  })

  it.each(["I'm fine, I just want to die", "you misunderstood, I feel hopeless", 'hello', 'I want to feel calmer'])('%j is not a denial', (text) => {
    expect(isDenial(text)).toBe(false)
  })

  it('is never what the crisis check answers with help', () => {
    for (const text of CRISIS_PHRASINGS) expect(isDenial(text), text).toBe(false)
  })

  it('is answered by words that neither alarm nor cheer', () => {
    expect(speaksOfDistress(BELIEVED_REPLY)).toBe(false)
  })
})
