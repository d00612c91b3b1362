import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DIMENSIONS } from './dimensions'
import { choosePrompt, excerptAround, highlightPieces, JOURNAL_LIMITS, JOURNAL_PROMPTS, journalEditSchema, journalEntrySchema, journalSearchSchema, newJournalEntrySchema, searchWords } from './journal'

describe('the prompt library', () => {
  it('has at least ten distinct questions for each dimension', () => {
    for (const dimension of DIMENSIONS) {
      const prompts = JOURNAL_PROMPTS[dimension]
      expect(prompts.length).toBeGreaterThanOrEqual(10)
      expect(new Set(prompts).size).toBe(prompts.length)
      for (const prompt of prompts) expect(prompt).toMatch(/\?$/)
    }
  })
})

describe("today's prompt", () => {
  it('asks about the week’s top priority two times in three', () => {
    // The first draw decides the leaning: below 2/3 it leans.
    expect(choosePrompt('body', [], sequence(0.5, 0)).dimension).toBe('body')
    expect(choosePrompt('body', [], sequence(0.66, 0.99)).dimension).toBe('body')
    // Past 2/3 it draws from all seven: the first prompt of the library is Mind's.
    expect(choosePrompt('body', [], sequence(0.7, 0))).toEqual({ dimension: 'mind', text: JOURNAL_PROMPTS.mind[0] })
  })

  it('leans towards the priority over many days', () => {
    let seed = 1
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646
    const picks = Array.from({ length: 3000 }, () => choosePrompt('spirit', [], random).dimension)
    const share = picks.filter((d) => d === 'spirit').length / picks.length
    // Two thirds lean, and a seventh of the rest lands on Spirit anyway: about 71 %.
    expect(share).toBeGreaterThan(0.66)
    expect(share).toBeLessThan(0.77)
  })

  it('draws from every dimension without a priority', () => {
    const seen = new Set(Array.from({ length: 70 }, (_, i) => choosePrompt(null, [], () => i / 70).dimension))
    expect([...seen].sort()).toEqual([...DIMENSIONS].sort())
  })

  it('never offers a prompt the member asked to replace while others are left, and always offers one', () => {
    fc.assert(
      fc.property(fc.constantFrom(null, ...DIMENSIONS), fc.double({ min: 0, max: 0.999999, noNaN: true }), fc.integer({ min: 0, max: 76 }), (priority, r, skipped) => {
        const all = DIMENSIONS.flatMap((d) => JOURNAL_PROMPTS[d])
        const skip = all.slice(0, skipped)
        const prompt = choosePrompt(priority, skip, () => r)
        expect(all).toContain(prompt.text)
        expect(JOURNAL_PROMPTS[prompt.dimension]).toContain(prompt.text)
        expect(skip).not.toContain(prompt.text)
      }),
    )
  })

  it('starts again from the whole library once every prompt was skipped', () => {
    const all = DIMENSIONS.flatMap((d) => JOURNAL_PROMPTS[d])
    expect(all).toContain(choosePrompt('mind', all, () => 0.1).text)
  })
})

describe('what the editor saves', () => {
  it('keeps the text as written, a blank title as none, and refuses an empty or too long entry', () => {
    expect(journalEntrySchema.parse({ title: '  ', body: '  Walked by the river.\n' })).toEqual({ title: null, body: '  Walked by the river.\n', prompt: null })
    expect(journalEntrySchema.safeParse({ body: '   ' }).error?.issues[0]?.message).toBe('Write something first.')
    expect(journalEntrySchema.safeParse({ body: 'a'.repeat(20_001) }).error?.issues[0]?.message).toBe('Keep an entry under 20,000 characters.')
    expect(journalEntrySchema.safeParse({ body: 'a'.repeat(20_000) }).success).toBe(true)
    expect(journalEntrySchema.safeParse({ body: 'ok', title: 't'.repeat(121) }).success).toBe(false)
  })

  it('takes the device’s id and time zone for a new entry, and leaves the prompt out of an edit', () => {
    expect(newJournalEntrySchema.safeParse({ body: 'ok', id: 'nope', timeZone: 'Europe/Paris' }).success).toBe(false)
    expect(newJournalEntrySchema.safeParse({ body: 'ok', id: crypto.randomUUID(), timeZone: 'Mars/Olympus' }).success).toBe(false)
    expect(journalEditSchema.parse({ body: 'ok', prompt: 'What?' })).toEqual({ title: null, body: 'ok' })
  })
})

describe('search words and highlighting', () => {
  // Issue 28: a 49-word query of short negations once compared every word of each 20,000-character entry with each searched word.
  const hostile = `zebra ${Array.from({ length: 48 }, (_, at) => `-${String.fromCharCode(97 + (at % 26))}${String.fromCharCode(97 + Math.floor(at / 26))}`).join(' ')}`

  it('reads at most the first 16 words of a search', () => {
    expect(hostile.length).toBeLessThanOrEqual(JOURNAL_LIMITS.searchChars)
    expect(journalSearchSchema.parse({ q: hostile }).q.split(' ')).toHaveLength(JOURNAL_LIMITS.searchWords)
    expect(journalSearchSchema.parse({ q: '  walking   by the river ' }).q).toBe('walking by the river')
    expect(searchWords(hostile)).toHaveLength(JOURNAL_LIMITS.searchWords)
  })

  it('marks the same words whether one or sixteen were searched', () => {
    const text = 'Walked with zebras, walking aa ba home'
    const marked = (words: string[]) => highlightPieces(text, words).filter((piece) => piece.match).map((piece) => piece.text)
    expect(marked(['zebra'])).toEqual(['zebras'])
    expect(marked(searchWords(hostile))).toEqual(['zebras', 'aa', 'ba'])
    expect(marked(['walking'])).toEqual(['Walked', 'walking'])
  })

  it('takes the words of a search, lower-cased, once each', () => {
    expect(searchWords('Walking  walking, "by the" sea! a')).toEqual(['walking', 'by', 'the', 'sea'])
    expect(searchWords('  -- ')).toEqual([])
  })

  it('marks the words a stemmed search found, and only those, keeping every character', () => {
    const text = 'I walked to the river, then kept walking. Walks help.'
    const pieces = highlightPieces(text, searchWords('walking'))
    expect(pieces.filter((p) => p.match).map((p) => p.text)).toEqual(['walked', 'walking', 'Walks'])
    expect(pieces.map((p) => p.text).join('')).toBe(text)
  })

  it('leaves markup as text', () => {
    const pieces = highlightPieces('<b>calm</b> at last', ['calm'])
    expect(pieces).toEqual([
      { text: '<b>', match: false },
      { text: 'calm', match: true },
      { text: '</b> at last', match: false },
    ])
  })

  it('keeps any text whole, whatever is searched', () => {
    fc.assert(fc.property(fc.string(), fc.string(), (text, query) => highlightPieces(text, searchWords(query)).map((p) => p.text).join('') === text))
  })
})

describe('a search result’s excerpt', () => {
  const long = `${'Morning pages about nothing much. '.repeat(12)}Then I walked along the harbour with my sister and we talked for hours. ${'Evening again. '.repeat(20)}`

  it('shows the text around the first word found, cut at spaces', () => {
    const excerpt = excerptAround(long, searchWords('walking'), 120)
    expect(excerpt).toMatch(/^…/)
    expect(excerpt).toMatch(/…$/)
    expect(excerpt).toContain('I walked along the harbour')
    expect(excerpt.length).toBeLessThanOrEqual(122)
    expect(long).toContain(excerpt.slice(1, -1))
  })

  it('shows the beginning when nothing is found, and a short text whole', () => {
    expect(excerptAround(long, ['zebra'], 60)).toMatch(/^Morning pages/)
    expect(excerptAround('Short and\n\nsweet.', ['sweet'])).toBe('Short and sweet.')
  })

  it('always holds the found word when there is one', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('calm', 'rain', 'tea', 'a', 'long', 'afternoon'), { maxLength: 200 }), fc.integer({ min: 0, max: 200 }), (words, at) => {
        const text = [...words.slice(0, at), 'harbour', ...words.slice(at)].join(' ')
        expect(excerptAround(text, ['harbour'], 80)).toContain('harbour')
      }),
    )
  })
})

function sequence(...values: number[]) {
  let i = 0
  return () => values[i++ % values.length]!
}
