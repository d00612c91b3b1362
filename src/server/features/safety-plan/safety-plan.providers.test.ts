import { randomUUID } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { SAFETY_PLAN_STEPS, hasPhone } from '~/core/safety-plan'
import { say } from '~test/support/chat'
import { startFakeModel } from '~test/support/fake-model'
import { createTestServer, type TestClient } from '~test/support/server'
import { okBody } from '~test/support/test-client'

const fake = await startFakeModel()
afterAll(() => fake.close())
const server = await createTestServer({ OLO_LLM_PROVIDER: 'openai-compatible', OLO_LLM_BASE_URL: fake.url, OLO_LLM_API_KEY: 'sk-test', OLO_LLM_MODEL: 'fake-olo' })

/** Talks until the chat ends, as a member would, with answers the fake model's default conversation takes. */
async function chatToTheEnd(client: TestClient, conversationId: string) {
  for (const answer of ['It was a good week, I walked a lot', 'A 7', 'My body', 'Sleep', 'yes', 'yes']) {
    const turn = await say(client, conversationId, answer)
    expect(turn.status).toBe(200)
    if (turn.done && turn.done.status !== 'continue') return
  }
  throw new Error('the chat did not end')
}

describe('the safety plan never reaches a model', () => {
  it('is in nothing a model is sent, in every kind of chat, with the journal open to the recap', async () => {
    const { client } = await server.signedInClient('private-plan')
    const words = SAFETY_PLAN_STEPS.map((step) => `plan-${step}-${randomUUID().slice(0, 8)}`)
    for (const [i, step] of SAFETY_PLAN_STEPS.entries()) {
      const line = { step, text: words[i]!, phone: hasPhone(step) ? '+1 555 0100 77' : null, position: 0 }
      expect((await client.api['safety-plan'].lines[':id'].$put({ param: { id: randomUUID() }, json: line })).status).toBe(201)
    }
    // Everything a model may read of a member, opened wide: the week, the journal, a reflection on an entry.
    await client.api.account.preferences.$put({ json: { journalInRecap: true } })
    await client.api.profile.onboarding.$post({ json: { onboarding: null, path: 'calm' } })
    const { entry } = await okBody(client.api.journal.$post({ json: { id: randomUUID(), body: 'A long walk by the river after work.', timeZone: 'Europe/Paris' } }))
    const before = fake.requests.length

    const { recap } = await okBody(client.api.weekly.recap.$post({ json: { timeZone: 'Europe/Paris' } }))
    await chatToTheEnd(client, recap.conversationId)
    const { practice } = await okBody(client.api.practices.$post({ json: { exercise: 1 } }))
    await chatToTheEnd(client, practice.conversationId!)
    const { categories } = await okBody(client.api.goals.categories.$get())
    const goal = await okBody(client.api.goals.chats.$post({ json: { categoryId: categories[0]!.id } }))
    await chatToTheEnd(client, goal.conversationId)
    const { reflection } = await okBody(client.api.reflections[':entryId'].$post({ param: { entryId: entry.id } }))
    await chatToTheEnd(client, reflection.conversation!.id)

    const sent = fake.requests.slice(before).map((request) => JSON.stringify(request.body))
    const systems = fake.requests.slice(before).map((request) => request.body.messages[0]!.content)
    // The four kinds of chat each asked the model, the recap with the journal in its instructions.
    for (const kind of [/weekly recap/i, /creating one life goal/i, /reflection on one journal entry/i]) expect(systems.some((s) => kind.test(s))).toBe(true)
    expect(sent.some((body) => body.includes('A long walk by the river'))).toBe(true)
    expect(sent.length).toBeGreaterThanOrEqual(8)
    for (const word of [...words, '555 0100 77', '+1555010077']) expect(sent.filter((body) => body.includes(word))).toEqual([])
  })

  it('is read on the server only by its own routes and the data export (the deletion cascades from the member)', () => {
    const root = join(import.meta.dirname, '../..')
    const readers = sourceFiles(root)
      .filter((file) => !file.endsWith('.test.ts') && /safetyPlanLines|safety_plan_lines/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(root, file))
    expect(readers.sort()).toEqual(['db/schema.ts', 'features/safety-plan/queries.ts', 'features/settings/queries.ts'])
  })
})

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(path)
    return entry.name.endsWith('.ts') ? [path] : []
  })
}
