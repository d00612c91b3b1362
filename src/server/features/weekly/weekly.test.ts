import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { DIMENSIONS } from '~/core/dimensions'
import { conversations, weeklyRecaps } from '~/server/db/schema'
import { say } from '~test/support/chat'
import { createTestServer, type TestClient } from '~test/support/server'
import { errorBody, okBody } from '~test/support/test-client'

const server = await createTestServer()

const weekOf = async (client: TestClient, timeZone = 'Europe/Paris') => okBody(client.api.weekly.$get({ query: { timeZone } }))
const startRecap = async (client: TestClient, timeZone = 'Europe/Paris') => okBody(client.api.weekly.recap.$post({ json: { timeZone } }))

/** A whole recap with the offline Olo, answered the way people write. */
async function holdRecap(client: TestClient) {
  const { recap } = await startRecap(client)
  const answers = ['Busy at work, but I went running twice and slept well.', 'I would say a 7 out of 10', 'My body, the runs helped a lot', 'I want to focus on my health and sleep next week']
  let last
  for (const answer of answers) {
    last = await say(client, recap.conversationId, answer)
    if (last.done?.status === 'finished') break
  }
  return { recap, last: last! }
}

describe('the weekly home', () => {
  it('shows a newcomer zero orbs and no recap', async () => {
    const { client } = await server.signedInClient('weekly')
    const week = await weekOf(client)
    expect(week.newcomer).toBe(true)
    expect(Object.keys(week.orbs).sort()).toEqual([...DIMENSIONS].sort())
    expect(Object.values(week.orbs).every((v) => v === 0)).toBe(true)
    expect(week.recap).toBeNull()
  })

  it('needs a session and a real time zone', async () => {
    expect((await server.client().request('/api/weekly?timeZone=UTC')).status).toBe(401)
    expect((await server.client().api.weekly.recap.$post({ json: { timeZone: 'UTC' } })).status).toBe(401)
    const { client } = await server.signedInClient('weekly')
    const bad = await client.api.weekly.$get({ query: { timeZone: 'Mars/Olympus' } })
    expect(bad.status).toBe(400)
    expect((await errorBody(bad)).error.message).toBe('timeZone: Unknown time zone.')
    expect((await client.post('/api/weekly/recap', {})).status).toBe(400)
  })
})

describe('the weekly recap with the offline Olo', () => {
  it('starts once a week and resumes the same conversation', async () => {
    const { client } = await server.signedInClient('recap')
    const first = await startRecap(client)
    const again = await startRecap(client)
    expect(again.recap.id).toBe(first.recap.id)
    expect(again.recap.conversationId).toBe(first.recap.conversationId)
    expect(first.recap.status).toBe('open')
    const conversation = await okBody(client.api.conversations[':id'].$get({ param: { id: first.recap.conversationId } }))
    expect(conversation.messages).toHaveLength(1)
    expect(conversation.messages[0]!.content).toContain('This is your weekly recap')
  })

  it('saves the summary, rating, top priority and one pending task per recommendation, and the home shows them', async () => {
    const { client } = await server.signedInClient('recap')
    const { last } = await holdRecap(client)
    expect(last.done).toMatchObject({ status: 'finished' })
    const result = last.done!.result as { weekly_summary: string; top_priority_dimension: string; recommendations: string[]; rating: number }
    expect(result.rating).toBe(7)
    expect(result.top_priority_dimension).toBe('body')
    expect(result.weekly_summary).toMatch(/7/)
    expect(result.weekly_summary).toMatch(/Body/i)

    const week = await weekOf(client)
    expect(week.recap).toMatchObject({ status: 'done', summary: result.weekly_summary, rating: 7, priority: { dimension: 'body', reasoning: expect.any(String) } })
    expect(week.recap!.tasks.map((t) => t.description)).toEqual(result.recommendations)
    expect(week.recap!.tasks.every((t) => t.status === 'pending' && t.dimension === 'body')).toBe(true)

    // Entering the recap again shows this week's summary instead of a new chat.
    expect((await startRecap(client)).recap).toMatchObject({ status: 'done', summary: result.weekly_summary })
  })

  it('ticks tasks off and on, and a ticked task lights its orb', async () => {
    const { client } = await server.signedInClient('recap')
    await holdRecap(client)
    const { recap } = await weekOf(client)
    const [task] = recap!.tasks
    const done = await client.api.weekly.tasks[':id'].$patch({ param: { id: task!.id }, json: { done: true } })
    expect(done.status).toBe(200)
    let week = await weekOf(client)
    expect(week.recap!.tasks[0]!.status).toBe('done')
    expect(week.orbs.body).toBe(20)
    expect(week.newcomer).toBe(false)

    await client.api.weekly.tasks[':id'].$patch({ param: { id: task!.id }, json: { done: false } })
    week = await weekOf(client)
    expect(week.recap!.tasks[0]!.status).toBe('pending')
    expect(week.orbs.body).toBe(0)
    expect((await client.request(`/api/weekly/tasks/${task!.id}`, { method: 'PATCH', json: { done: 'yes' } })).status).toBe(400)
  })

  it('answers a failed save with the recap’s save-failed message and leaves the conversation open', async () => {
    const { client } = await server.signedInClient('recap')
    const { recap } = await startRecap(client)
    for (const answer of ['A good week with friends', '8', 'connection']) await say(client, recap.conversationId, answer)
    // Nothing left to save the result into: the finishing transaction must roll back as a whole.
    await server.database.db.delete(weeklyRecaps).where(eq(weeklyRecaps.id, recap.id))
    const last = await say(client, recap.conversationId, 'more time with my friends')
    expect(last.failure).toEqual({ code: 'INTERNAL', message: 'Failed to save recap data. Please try again.' })
    const [conversation] = await server.database.db.select().from(conversations).where(eq(conversations.id, recap.conversationId))
    expect(conversation).toMatchObject({ status: 'open', result: null })
  })

  it('keeps one user’s recap and tasks from another', async () => {
    const owner = (await server.signedInClient('owner')).client
    const other = (await server.signedInClient('other')).client
    const { recap } = await holdRecap(owner)
    const { recap: ownerWeek } = await weekOf(owner)
    expect((await other.api.weekly.tasks[':id'].$patch({ param: { id: ownerWeek!.tasks[0]!.id }, json: { done: true } })).status).toBe(404)
    expect((await other.api.conversations[':id'].$get({ param: { id: recap.conversationId } })).status).toBe(404)
    expect((await weekOf(other)).recap).toBeNull()
    expect((await weekOf(owner)).recap!.tasks[0]!.status).toBe('pending')
  })
})
