import { describe, expect, it } from 'vitest'
import { recapResultSchema } from '~/core/olo'
import { loadConfig } from '../../config'
import { createGuide } from '../model-guide'

describe('the offline guide as a provider', () => {
  const guide = createGuide(loadConfig({ DATA_DIR: '/tmp/lumin-test-unused', AUTH_SECRET: 'x'.repeat(32) }).olo)
  const request = {
    kind: 'recap' as const,
    masterPrompt: 'unused offline',
    history: [
      { role: 'assistant' as const, content: 'How did your week go?' },
      { role: 'user' as const, content: 'Odd {week}, "busy" but } fine {' },
    ],
    wrapUp: false,
    distressed: false,
  }
  let tokens = 0
  const spent = (used: number) => void (tokens += used)

  it('repairs to a valid result whatever braces and quotes the user wrote', async () => {
    const result = await guide.repair(request, new AbortController().signal, spent)
    expect(recapResultSchema.parse(result).weekly_summary).toContain('{week}')
  })

  it('streams its reply in pieces that join to the whole', async () => {
    const pieces: string[] = []
    for await (const piece of guide.stream(request, new AbortController().signal, spent)) pieces.push(piece)
    expect(pieces.length).toBeGreaterThan(3)
    expect(pieces.join('')).toMatch(/1 to 10/)
  })

  it('spends none of the daily token budget: no model is paid for', () => {
    expect(tokens).toBe(0)
  })
})
