import { afterAll, describe, expect, it } from 'vitest'
import * as t from '~/server/db/schema'
import { openTestDatabase } from '~test/support/database'
import { END_OF_CONVERSATION_TOKEN } from './contract'

const database = await openTestDatabase()
afterAll(() => database.close())

describe("Olo's scripts as seeded", () => {
  it('gives every exercise, the recap and goal creation a distinct, complete script that states the end-token contract', async () => {
    const scripts = await database.db.select().from(t.conversationScripts)
    expect(scripts.filter((s) => s.kind === 'recap')).toHaveLength(1)
    expect(scripts.filter((s) => s.kind === 'goal')).toHaveLength(1)
    const minigameScripts = await database.db.select({ id: t.minigames.defaultScriptId }).from(t.minigames)
    expect(new Set(minigameScripts.map((m) => m.id)).size).toBe(12)
    for (const field of ['scriptName', 'oloInitialPrompt', 'conversationGoal', 'mistralMasterPrompt', 'finalGreetingTemplate'] as const) {
      const values = scripts.map((s) => s[field])
      expect(values.every((v) => v.trim().length > 0), field).toBe(true)
      expect(new Set(values).size, field).toBe(scripts.length)
    }
    for (const script of scripts) {
      expect(script.mistralMasterPrompt, script.key).toContain(END_OF_CONVERSATION_TOKEN)
      expect(script.mistralMasterPrompt, script.key).toMatch(/JSON/)
      expect(script.finalGreetingTemplate.split('{user_intention}'), script.key).toHaveLength(2)
      // The chat's header says what Olo is, for the whole chat (docs/decisions/0017): no opening repeats it.
      expect(script.oloInitialPrompt, script.key).not.toMatch(/AI|therapist/)
      expect(script.mistralMasterPrompt, script.key).toMatch(/not a human and not a therapist/)
    }
  })
})
