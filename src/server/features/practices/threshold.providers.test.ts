import { describe, expect, it } from 'vitest'
import { say } from '~test/support/chat'
import { FAKE_RESULTS, startFakeModel } from '~test/support/fake-model'
import { createTestServer } from '~test/support/server'
import { okBody } from '~test/support/test-client'

const fake = await startFakeModel()
const server = await createTestServer({ OLO_LLM_PROVIDER: 'openai-compatible', OLO_LLM_BASE_URL: fake.url, OLO_LLM_API_KEY: 'sk-test', OLO_LLM_MODEL: 'fake-olo' })

describe('the threshold chat with a model provider', () => {
  it('sends the exercise’s own script and keeps the intention the model gives', async () => {
    const { client } = await server.signedInClient('threshold')
    await client.api.journey.path.$put({ json: { path: 'connection' } })
    const { practice } = await okBody(client.api.practices.$post({ json: { exercise: 2 } }))

    const first = await say(client, practice.conversationId!, 'I want to feel close to my sister again')
    expect(first.done?.status).toBe('continue')
    const system = fake.requests.at(-1)!.body.messages[0]!
    expect(system.role).toBe('system')
    expect(system.content).toContain('Warm Breath')
    expect(system.content).toContain('[[OLO_END]]')

    const last = await say(client, practice.conversationId!, 'Calm and warm')
    expect(last.done).toMatchObject({ status: 'finished', result: FAKE_RESULTS.threshold })
    expect(last.done!.greeting).toContain(FAKE_RESULTS.threshold.intention)
    expect(last.deltas.join('')).not.toContain('[[OLO_END]]')
    const read = await okBody(client.api.practices[':id'].$get({ param: { id: practice.id } }))
    expect(read.practice).toMatchObject({ intention: FAKE_RESULTS.threshold.intention, conversationFinished: true })
  })
})
