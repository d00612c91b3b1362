import { describe, expect, it } from 'vitest'
import { checkInDetailsSchema, newCheckInSchema } from './check-in-request'
import { CHECK_IN_LATEST_DAYS, CHECK_IN_NOTE_CHARS, checkInMomentProblem, checkInWords, EMOTIONS, EMOTIONS_BY_MOOD } from './check-ins'
import { MOODS } from './moods'

const NOW = new Date('2026-11-24T09:00:00Z')
const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE

describe('the emotion words', () => {
  it('offer a short list of emotion words each, all of them words a check-in may carry', () => {
    for (const mood of MOODS) {
      const words = EMOTIONS_BY_MOOD[mood]
      expect(words.length).toBeGreaterThanOrEqual(6)
      expect(words.length).toBeLessThanOrEqual(10)
      expect(new Set(words).size).toBe(words.length)
      for (const word of words) expect(EMOTIONS).toContain(word)
    }
    // Every word is offered for some mood: none is kept only for the database.
    expect(new Set(MOODS.flatMap((mood) => EMOTIONS_BY_MOOD[mood])).size).toBe(EMOTIONS.length)
  })
})

describe('a check-in’s moment', () => {
  it('may be now, a little ahead of the server’s clock, or up to 30 days old', () => {
    expect(checkInMomentProblem(NOW, NOW)).toBeNull()
    expect(checkInMomentProblem(new Date(NOW.getTime() + 4 * MINUTE), NOW)).toBeNull()
    expect(checkInMomentProblem(new Date(NOW.getTime() - CHECK_IN_LATEST_DAYS * DAY + MINUTE), NOW)).toBeNull()
  })

  it('is refused in the future or older than 30 days', () => {
    expect(checkInMomentProblem(new Date(NOW.getTime() + 6 * MINUTE), NOW)).toBe("A check-in can't be in the future.")
    expect(checkInMomentProblem(new Date(NOW.getTime() - CHECK_IN_LATEST_DAYS * DAY - MINUTE), NOW)).toBe("A check-in older than 30 days can't be added.")
  })
})

describe('the check-in request', () => {
  const base = { id: '0b9f6a52-6d1e-4c1f-9a3e-2f3d8c1b7a10', mood: 'good', at: '2026-11-24T09:14:00+01:00', timeZone: 'Europe/Paris' }

  it('takes a mood alone, the details defaulting to none', () => {
    expect(newCheckInSchema.parse(base)).toEqual({ ...base, at: new Date('2026-11-24T08:14:00Z'), emotions: [], dimensions: [], note: null })
  })

  it('keeps a trimmed note, and a blank one as none', () => {
    expect(checkInDetailsSchema.parse({ mood: 'bad', note: '  long day  ' }).note).toBe('long day')
    expect(checkInDetailsSchema.parse({ mood: 'bad', note: '   ' }).note).toBeNull()
    expect(checkInDetailsSchema.parse({ mood: 'bad', note: 'x'.repeat(CHECK_IN_NOTE_CHARS) }).note).toHaveLength(CHECK_IN_NOTE_CHARS)
    expect(checkInDetailsSchema.safeParse({ mood: 'bad', note: 'x'.repeat(CHECK_IN_NOTE_CHARS + 1) }).success).toBe(false)
  })

  it('refuses unknown words, repeated ones, a bad id, moment or zone', () => {
    const refused = [
      { ...base, mood: 'meh' },
      { ...base, emotions: ['calm', 'calm'] },
      { ...base, emotions: ['smug'] },
      { ...base, dimensions: ['mind', 'mind'] },
      { ...base, dimensions: ['soul'] },
      { ...base, id: 'not-a-uuid' },
      { ...base, at: 'yesterday' },
      { ...base, at: '2026-11-24T09:14:00' },
      { ...base, timeZone: 'Mars/Olympus' },
      { ...base, note: 42 },
    ]
    for (const body of refused) expect(newCheckInSchema.safeParse(body).success, JSON.stringify(body)).toBe(false)
  })
})

describe('what the crisis check reads of a check-in', () => {
  it('is its emotion words and its note together', () => {
    expect(checkInWords({ emotions: ['hopeless', 'lonely'], note: "I don't want to be here anymore" })).toBe("hopeless, lonely. I don't want to be here anymore")
    expect(checkInWords({ emotions: [], note: null })).toBe('')
    expect(checkInWords({ emotions: ['sad'], note: null })).toBe('sad')
  })
})
