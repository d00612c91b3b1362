import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { journalEntries } from '~/server/db/schema'
import { END_OF_CONVERSATION_TOKEN } from '~/server/olo/contract'
import { say } from '~test/support/chat'
import { FAKE_RESULTS, startFakeModel } from '~test/support/fake-model'
import { createTestServer, type TestClient } from '~test/support/server'
import { okBody } from '~test/support/test-client'

const fake = await startFakeModel()
const server = await createTestServer({ OLO_LLM_PROVIDER: 'openai-compatible', OLO_LLM_BASE_URL: fake.url, OLO_LLM_API_KEY: 'sk-test', OLO_LLM_MODEL: 'fake-olo' })
afterAll(() => fake.close())
const { db } = server.database

beforeEach(() => {
  fake.requests.length = 0
})

const BODY = 'The lake was silver this morning. I walked before work and felt calm for the first time in weeks.'

async function memberWithEntry(label: string, body = BODY) {
  const { client } = await server.signedInClient(label)
  await client.api.journey.path.$put({ json: { path: 'calm' } })
  const { user } = await okBody(client.api.session.$get())
  const entryId = randomUUID()
  await db.insert(journalEntries).values({ id: entryId, userId: user!.id, title: 'Silver lake', body, prompt: 'Which moment this week would you like to keep?', localDate: '2026-11-24' })
  const { reflection } = await okBody(client.api.reflections[':entryId'].$post({ param: { entryId } }))
  return { client, entryId, conversationId: reflection.conversation!.id }
}

const systemOf = (request = fake.requests.at(-1)!) => request.body.messages.find((m) => m.role === 'system')!.content
const keptReflection = async (entryId: string) => (await db.select({ reflection: journalEntries.reflection }).from(journalEntries).where(eq(journalEntries.id, entryId)))[0]!.reflection

async function finish(client: TestClient, conversationId: string) {
  let last
  for (const answer of ['Calm, and a bit surprised', 'The walk before work', 'Walking more often']) {
    last = await say(client, conversationId, answer)
    if (last.done?.status === 'finished') break
  }
  return last!
}

describe('a reflection with a model provider', () => {
  it('gives the model the entry in its instructions, with the practices of the path, and keeps the result it validates', async () => {
    const { client, entryId, conversationId } = await memberWithEntry('model-reflects')
    // Opening the reflection asks no model anything: the entry leaves only with the member's first answer.
    expect(fake.requests).toHaveLength(0)
    const last = await finish(client, conversationId)
    expect(fake.requests.length).toBeGreaterThan(0)
    for (const request of fake.requests) {
      const system = systemOf(request)
      expect(system).toContain('a reflection on one journal entry')
      expect(system).toContain(`-----\n${BODY}\n-----`)
      expect(system).toContain('Title: Silver lake')
      expect(system).toContain('Prompt they wrote from: Which moment this week would you like to keep?')
      expect(system).toContain('- breathing-bubble: Breathing Bubble,')
      expect(system).not.toContain('- flow:')
      // Only in the instructions: never as if the member had said it.
      expect(request.body.messages.filter((m) => m.role !== 'system').some((m) => m.content.includes(BODY))).toBe(false)
    }
    expect(last.done).toMatchObject({ status: 'finished', result: FAKE_RESULTS.reflection })
    expect(await keptReflection(entryId)).toEqual(FAKE_RESULTS.reflection)
  })

  it('keeps a practice only when it is on the member’s path', async () => {
    const { client, entryId, conversationId } = await memberWithEntry('model-off-path')
    const result = { reflection: 'You wrote about a calm walk by the lake. It gave you some room to breathe.', suggested_practice: 'reach-out' }
    fake.enqueue({ text: `Thank you for sharing this.\n${END_OF_CONVERSATION_TOKEN}\n${JSON.stringify(result)}` })
    const done = await say(client, conversationId, 'Calm')
    expect(done.done?.status).toBe('finished')
    expect(await keptReflection(entryId)).toEqual({ ...result, suggested_practice: null })
    const view = await okBody(client.api.reflections[':entryId'].$get({ param: { entryId } }))
    expect(view.reflection).toMatchObject({ reflection: result.reflection, practice: null })
  })

  it('asks for a repair when the result is not valid, and keeps nothing invalid', async () => {
    const { client, entryId, conversationId } = await memberWithEntry('model-repair')
    fake.enqueue({ text: `Here is what I heard.\n${END_OF_CONVERSATION_TOKEN}\n{"reflection": ""}` })
    const done = await say(client, conversationId, 'Calm')
    expect(done.done).toMatchObject({ status: 'finished', result: FAKE_RESULTS.reflection })
    expect(fake.requests.at(-1)!.body.stream).toBeFalsy()
    expect(fake.requests.at(-1)!.body.response_format).toBeDefined()
    expect(await keptReflection(entryId)).toEqual(FAKE_RESULTS.reflection)
  })

  it('names the provider for the line that says where an entry goes', async () => {
    const { modelName } = await okBody(server.client().api.config.$get())
    expect(modelName).toBe(new URL(fake.url).host)
  })

  it('withholds an entry that reads as a crisis from the model', async () => {
    const { client, conversationId } = await memberWithEntry('model-crisis-entry', 'I keep thinking I want to end my life.')
    await say(client, conversationId, 'Heavy')
    const system = systemOf()
    expect(system).not.toContain('end my life')
    expect(system).toContain('The journal entry is not shown to you.')
  })
})
