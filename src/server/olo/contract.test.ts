import { describe, expect, it } from 'vitest'
import { createReplySplitter, END_OF_CONVERSATION_TOKEN, parseResultJson } from './contract'

function run(chunks: string[]) {
  const splitter = createReplySplitter()
  const shown = chunks.map((chunk) => splitter.push(chunk))
  const { released, visible, tail } = splitter.end()
  return { shown: [...shown, released].join(''), visible, tail }
}

describe('the reply splitter', () => {
  it('passes an ordinary reply through as it streams', () => {
    const splitter = createReplySplitter()
    expect(splitter.push('How did ')).toBe('How did ')
    expect(splitter.push('your week go?')).toBe('your week go?')
    expect(splitter.end()).toEqual({ released: '', visible: 'How did your week go?', tail: null })
  })

  it('never shows the token or the JSON, wherever the provider splits them', () => {
    const reply = `Thank you for sharing.\n${END_OF_CONVERSATION_TOKEN}\n{"intention":"I breathe slowly."}`
    for (let size = 1; size <= reply.length; size++) {
      const chunks = reply.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g'))!
      const { shown, visible, tail } = run(chunks)
      expect(shown).not.toContain('[')
      expect(shown).not.toContain('intention')
      expect(visible).toBe('Thank you for sharing.')
      expect(parseResultJson(tail!)).toEqual({ intention: 'I breathe slowly.' })
    }
  })

  it('releases text that only looked like the start of the token', () => {
    const { shown, tail } = run(['Your list: [[', 'a, b]] done'])
    expect(shown).toBe('Your list: [[a, b]] done')
    expect(tail).toBeNull()
  })

  it('holds a partial token back until the stream ends, then shows it', () => {
    const splitter = createReplySplitter()
    expect(splitter.push('See you [[OLO')).toBe('See you ')
    expect(splitter.end().released).toBe('[[OLO')
  })
})

describe('the result JSON', () => {
  it('is read from inside code fences or stray words', () => {
    expect(parseResultJson('\n```json\n{"a": 1}\n```\n')).toEqual({ a: 1 })
    expect(parseResultJson('here: {"a": {"b": 2}} thanks')).toEqual({ a: { b: 2 } })
  })

  it('is undefined when missing or broken', () => {
    expect(parseResultJson('')).toBeUndefined()
    expect(parseResultJson('{"a": 1,}')).toBeUndefined()
  })
})
