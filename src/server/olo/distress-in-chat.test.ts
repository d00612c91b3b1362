import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { conversations, goals, journalEntries, messages, practices, userAttributes, weeklyTasks } from '~/server/db/schema'
import { say } from '~test/support/chat'
import { FAKE_RESULTS, startFakeModel } from '~test/support/fake-model'
import { createTestServer, type TestClient } from '~test/support/server'
import { okBody } from '~test/support/test-client'
import { END_OF_CONVERSATION_TOKEN } from './contract'
import { BELIEVED_REPLY, CARE_REPLY } from './distress'
import { DISTRESSED } from './distress.cases'
import { finishConversation } from './finish'
import { DISTRESS_INSTRUCTION, WRAP_UP_INSTRUCTION } from './model-guide'
import { crisisReply } from './crisis-reply'
import { isCrisisMessage } from './safety'

/**
 * Distress never becomes an intention, a goal or a reflection (docs/decisions/0052), with the offline guide and with a
 * model provider (the fake one, a real HTTP server): whatever the crisis check says, the chat goes on with care, and the
 * database keeps nothing of it as a result.
 */
const fake = await startFakeModel()
afterAll(() => fake.close())
const offline = await createTestServer()
const model = await createTestServer({ OLO_LLM_PROVIDER: 'openai-compatible', OLO_LLM_BASE_URL: fake.url, OLO_LLM_API_KEY: 'sk-test', OLO_LLM_MODEL: 'fake-olo' })
type Server = typeof offline

beforeEach(() => {
  fake.requests.length = 0
})

/** A final reply as a model writes it: a closing line, the end token and the result. */
const finalReply = (closing: string, result: unknown) => ({ text: `${closing}\n${END_OF_CONVERSATION_TOKEN}\n${JSON.stringify(result)}` })

async function memberOf(server: Server, label: string) {
  const { client } = await server.signedInClient(label)
  await client.api.journey.path.$put({ json: { path: 'calm' } })
  const { user } = await okBody(client.api.session.$get())
  return { client, userId: user!.id }
}

async function startThreshold(client: TestClient) {
  const { practice } = await okBody(client.api.practices.$post({ json: { exercise: 1 } }))
  return { practiceId: practice.id, conversationId: practice.conversationId! }
}

/** Everything the database could have kept of a threshold as an intention. */
async function keptIntentions(server: Server, userId: string, practiceId: string, conversationId: string) {
  const { db } = server.database
  const [conversation] = await db.select().from(conversations).where(eq(conversations.id, conversationId))
  const [practice] = await db.select({ intention: practices.intention }).from(practices).where(eq(practices.id, practiceId))
  const attributes = await db.select().from(userAttributes).where(and(eq(userAttributes.userId, userId), eq(userAttributes.attributeKey, 'intention')))
  return { status: conversation!.status, result: conversation!.result, practice: practice!.intention, attribute: attributes[0]?.attributeValue ?? null }
}

const NOTHING_KEPT = { status: 'open', result: null, practice: null, attribute: null }

async function wordsOf(server: Server, conversationId: string) {
  const rows = await server.database.db.select({ content: messages.content }).from(messages).where(eq(messages.conversationId, conversationId))
  return rows.map((row) => row.content).join('\n')
}

describe('a threshold chat with the offline guide', () => {
  let member: Awaited<ReturnType<typeof memberOf>> | undefined

  it('never keeps a distressed sentence as an intention, and answers it with care or, on a crisis, the help', async () => {
    const helplines = offline.config.olo.helplines
    for (const [at, sentence] of DISTRESSED.entries()) {
      // A new member every ten practices: each may begin thirty an hour.
      const { client, userId } = at % 10 === 0 || !member ? (member = await memberOf(offline, `threshold-${at}`)) : member
      const { practiceId, conversationId } = await startThreshold(client)
      const turn = await say(client, conversationId, sentence)
      const crisis = isCrisisMessage(sentence)
      expect(turn.done, sentence).toMatchObject({ status: 'continue', result: null, help: crisis })
      expect(turn.done!.message.content, sentence).toBe(crisis ? crisisReply(helplines) : CARE_REPLY)
      expect(await keptIntentions(offline, userId, practiceId, conversationId), sentence).toEqual(NOTHING_KEPT)
      expect(await wordsOf(offline, conversationId), sentence).not.toMatch(/lovely intention/i)
    }
  })

  it('goes on after the care, without counting the hard turns, and sets the intention the member gives next', async () => {
    const { client, userId } = await memberOf(offline, 'threshold-after')
    const { practiceId, conversationId } = await startThreshold(client)
    for (let i = 0; i < 5; i++) expect((await say(client, conversationId, 'I feel so empty inside')).done?.message.content).toBe(CARE_REPLY)
    const [row] = await offline.database.db.select({ userTurns: conversations.userTurns }).from(conversations).where(eq(conversations.id, conversationId))
    expect(row!.userTurns).toBe(0)

    const last = await say(client, conversationId, 'I would like to feel calmer')
    expect(last.done).toMatchObject({ status: 'finished', result: { intention: 'I let myself feel calmer.' } })
    expect(await keptIntentions(offline, userId, practiceId, conversationId)).toMatchObject({ status: 'finished', practice: 'I let myself feel calmer.', attribute: 'I let myself feel calmer.' })
  })

  it('answers a crisis split over three messages with the help, never with the intention "I welcome end my." nor a 409', async () => {
    const { client, userId } = await memberOf(offline, 'split')
    const { practiceId, conversationId } = await startThreshold(client)
    expect((await say(client, conversationId, "I think I'm going to")).done).toMatchObject({ status: 'continue', help: false })
    expect((await say(client, conversationId, 'end my')).done).toMatchObject({ status: 'continue', help: false, message: { content: CARE_REPLY } })
    const third = await say(client, conversationId, 'life')
    expect(third.status).toBe(200)
    expect(third.done).toMatchObject({ status: 'continue', help: true })
    expect(await keptIntentions(offline, userId, practiceId, conversationId)).toEqual(NOTHING_KEPT)
  })
})

describe('a threshold chat with a model provider', () => {
  it('refuses an intention that speaks of distress, asks for no repair, and answers with care instead', async () => {
    const { client, userId } = await memberOf(model, 'model-result')
    const { practiceId, conversationId } = await startThreshold(client)
    fake.enqueue(finalReply('What a lovely intention.', { intention: 'I think I will sleep forever.' }))
    const turn = await say(client, conversationId, 'I think so')
    expect(turn.done).toMatchObject({ status: 'continue', result: null, help: false, message: { content: CARE_REPLY } })
    expect(fake.requests).toHaveLength(1)
    expect(await keptIntentions(model, userId, practiceId, conversationId)).toEqual(NOTHING_KEPT)
    expect(await wordsOf(model, conversationId)).not.toMatch(/lovely intention/i)
  })

  it('lets no result finish a distressed turn, tells the model so, and shows nothing of a reply that tried', async () => {
    const { client, userId } = await memberOf(model, 'model-distressed')
    const { practiceId, conversationId } = await startThreshold(client)
    fake.enqueue(finalReply('That is a lovely intention.', FAKE_RESULTS.threshold))
    const turn = await say(client, conversationId, 'honestly everything feels pointless')
    expect(turn.deltas.join('')).not.toMatch(/lovely/)
    expect(turn.done).toMatchObject({ status: 'continue', message: { content: CARE_REPLY } })
    const system = fake.requests[0]!.body.messages[0]!.content
    expect(system).toContain(DISTRESS_INSTRUCTION)
    expect(await keptIntentions(model, userId, practiceId, conversationId)).toEqual(NOTHING_KEPT)

    // The model's own caring words stand when they finish nothing.
    fake.enqueue({ text: 'I hear how heavy that is. How are you right now?' })
    const talked = await say(client, conversationId, 'what is the point of any of it')
    expect(talked.done).toMatchObject({ status: 'continue', message: { content: 'I hear how heavy that is. How are you right now?' } })
    expect(talked.deltas).toEqual(['I hear how heavy that is. How are you right now?'])
  })

  it('gives the last turn back when a result is refused at the cap, so the member can still set an intention', async () => {
    const { client, userId } = await memberOf(model, 'model-cap')
    const { practiceId, conversationId } = await startThreshold(client)
    for (const answer of ['Hello', 'Not sure', 'Maybe']) {
      fake.enqueue({ text: 'What would you like to feel?' })
      await say(client, conversationId, answer)
    }
    fake.enqueue(finalReply('Lovely.', { intention: 'I stop existing for a while.' }))
    expect((await say(client, conversationId, 'Something quiet')).done?.message.content).toBe(CARE_REPLY)
    expect(fake.requests.at(-1)!.body.messages[0]!.content).toContain(WRAP_UP_INSTRUCTION)

    fake.enqueue(finalReply('Lovely.', FAKE_RESULTS.threshold))
    const last = await say(client, conversationId, 'Calm breathing, then')
    expect(last.status).toBe(200)
    expect(last.done).toMatchObject({ status: 'finished', result: FAKE_RESULTS.threshold })
    expect(await keptIntentions(model, userId, practiceId, conversationId)).toMatchObject({ status: 'finished', practice: FAKE_RESULTS.threshold.intention })
  })

  it('answers a crisis split over three messages with the help, and no 409', async () => {
    const { client } = await memberOf(model, 'model-split')
    const { conversationId } = await startThreshold(client)
    fake.enqueue({ text: 'Going to what?' }, finalReply('A lovely intention.', { intention: 'I welcome end my.' }))
    await say(client, conversationId, "I think I'm going to")
    expect((await say(client, conversationId, 'end my')).done?.message.content).toBe(CARE_REPLY)
    const third = await say(client, conversationId, 'life')
    expect(third.done).toMatchObject({ status: 'continue', help: true })
  })
})

describe('a goal chat', () => {
  const goalChat = async (client: TestClient) => {
    const { categories } = await okBody(client.api.goals.categories.$get())
    return (await okBody(client.api.goals.chats.$post({ json: { categoryId: categories[0]!.id } }))).conversationId
  }
  const goalsOf = async (server: Server, userId: string) => server.database.db.select().from(goals).where(eq(goals.userId, userId))

  it('with the offline guide answers distress with care and makes no goal of it', async () => {
    const { client, userId } = await memberOf(offline, 'goal-offline')
    const conversationId = await goalChat(client)
    for (const sentence of ['I want to stop feeling hopeless', 'je veux disparaître', 'ich bin so hoffnungslos']) {
      expect((await say(client, conversationId, sentence)).done?.message.content).toBe(CARE_REPLY)
    }
    expect(await goalsOf(offline, userId)).toEqual([])
    expect((await say(client, conversationId, 'I want to run a 10 km race in 3 months')).done?.status).toBe('goal_created')
    expect((await goalsOf(offline, userId)).map((goal) => goal.title)).toEqual(['Run 10 km races'])
  })

  it('with a model refuses a goal whose title or description speaks of distress', async () => {
    const { client, userId } = await memberOf(model, 'goal-model')
    const conversationId = await goalChat(client)
    fake.enqueue(finalReply('A goal worth working towards.', { ...FAKE_RESULTS.goal, title: 'Stop wanting to disappear' }))
    expect((await say(client, conversationId, 'Something about how I feel')).done).toMatchObject({ status: 'continue', message: { content: CARE_REPLY } })
    fake.enqueue(finalReply('A goal worth working towards.', { ...FAKE_RESULTS.goal, description: 'Run until nothing matters any more.' }))
    expect((await say(client, conversationId, 'Running, then')).done?.message.content).toBe(CARE_REPLY)
    expect(await goalsOf(model, userId)).toEqual([])
  })
})

describe('a reflection', () => {
  async function reflecting(server: Server, label: string) {
    const { client, userId } = await memberOf(server, label)
    const entryId = randomUUID()
    await server.database.db.insert(journalEntries).values({ id: entryId, userId, body: 'A long week at work, and a walk by the lake on Sunday.', localDate: '2026-11-24' })
    const { reflection } = await okBody(client.api.reflections[':entryId'].$post({ param: { entryId } }))
    return { client, entryId, conversationId: reflection.conversation!.id }
  }
  const keptReflection = async (server: Server, entryId: string) =>
    (await server.database.db.select({ reflection: journalEntries.reflection }).from(journalEntries).where(eq(journalEntries.id, entryId)))[0]!.reflection

  it('with the offline guide never quotes distress in what it keeps', async () => {
    const { client, entryId, conversationId } = await reflecting(offline, 'reflect-offline')
    expect((await say(client, conversationId, 'mi sento vuota dentro')).done?.message.content).toBe(CARE_REPLY)
    let last
    for (const answer of ['Tired, but better after the walk', 'The lake', 'Walking more']) last = await say(client, conversationId, answer)
    expect(last!.done?.status).toBe('finished')
    const kept = await keptReflection(offline, entryId)
    expect(kept?.reflection).not.toMatch(/vuota/)
  })

  it('with a model refuses a summary that speaks of distress', async () => {
    const { client, entryId, conversationId } = await reflecting(model, 'reflect-model')
    fake.enqueue(finalReply('Here is what I heard.', { reflection: 'You wrote that nothing matters any more, and the lake did not help.', suggested_practice: null }))
    expect((await say(client, conversationId, 'It was a week')).done?.message.content).toBe(CARE_REPLY)
    expect(await keptReflection(model, entryId)).toBeNull()
  })
})

describe('a weekly recap', () => {
  async function recapOf(server: Server, label: string) {
    const { client, userId } = await memberOf(server, label)
    const { recap } = await okBody(client.api.weekly.recap.$post({ json: { timeZone: 'Europe/Berlin' } }))
    return { client, userId, conversationId: recap.conversationId }
  }

  it('may name a hard week in its summary, but keeps no task that speaks of distress', async () => {
    const { client, userId, conversationId } = await recapOf(model, 'recap-tasks')
    fake.enqueue(finalReply('Thank you.', { ...FAKE_RESULTS.recap, recommendations: ['Write goodbye notes to everyone', 'Walk for 20 minutes'] }))
    expect((await say(client, conversationId, 'A hard week')).done?.message.content).toBe(CARE_REPLY)
    expect(await model.database.db.select().from(weeklyTasks).where(eq(weeklyTasks.userId, userId))).toEqual([])

    const hard = { ...FAKE_RESULTS.recap, weekly_summary: 'A hopeless-feeling week after your loss, and you still came back to look at it.' }
    fake.enqueue(finalReply('Thank you.', hard))
    expect((await say(client, conversationId, 'Yes, that is it')).done).toMatchObject({ status: 'finished', result: { weekly_summary: hard.weekly_summary } })
  })

  it('with the offline guide names a hard week without quoting its distress', async () => {
    const { client, conversationId } = await recapOf(offline, 'recap-offline')
    let last
    for (const answer of ['honestly everything feels pointless', '3', 'heart', 'body']) last = await say(client, conversationId, answer)
    const result = last!.done?.result as { weekly_summary: string } | undefined
    expect(result?.weekly_summary).toContain('how hard this week has been')
    expect(result?.weekly_summary).not.toMatch(/pointless/)
  })
})

describe('one denial after the help', () => {
  const helplines = model.config.olo.helplines

  it('is believed for that message, kept from the model, but the next distress within the hour gets the help again', async () => {
    const { client, conversationId } = await (async () => {
      const { client } = await memberOf(model, 'denial')
      const { recap } = await okBody(client.api.weekly.recap.$post({ json: { timeZone: 'Europe/Berlin' } }))
      return { client, conversationId: recap.conversationId }
    })()
    expect((await say(client, conversationId, 'I want to kill myself')).done?.help).toBe(true)
    const denial = await say(client, conversationId, "I'm not suicidal, you misunderstood")
    expect(denial.done).toMatchObject({ status: 'continue', help: false, message: { content: BELIEVED_REPLY } })
    expect(fake.requests).toHaveLength(0)

    // Distress the crisis check alone would let through is heard as a crisis within the hour.
    const again = await say(client, conversationId, 'honestly everything feels pointless')
    expect(again.done).toMatchObject({ help: true, message: { content: crisisReply(helplines) } })
    expect(fake.requests).toHaveLength(0)

    // A crisis quoted outside a denial is never believed.
    expect((await say(client, conversationId, "I'm fine, I just want to die")).done?.help).toBe(true)

    // The exchange, the denial included, never reaches the model.
    fake.enqueue({ text: 'How was the rest of your week?' })
    await say(client, conversationId, 'Thank you. The week was long.')
    const sent = fake.requests[0]!.body.messages.filter((m) => m.role === 'user').map((m) => m.content)
    expect(sent).toEqual(['Thank you. The week was long.'])
  })

  it('counts after an hour no more: distress that is no crisis is answered as any message is', async () => {
    const { client } = await memberOf(model, 'denial-hour')
    const { recap } = await okBody(client.api.weekly.recap.$post({ json: { timeZone: 'Europe/Berlin' } }))
    const conversationId = recap.conversationId
    expect((await say(client, conversationId, 'I want to die')).done?.help).toBe(true)
    const anHourAgo = new Date(Date.now() - 61 * 60 * 1000)
    await model.database.db.update(messages).set({ createdAt: anHourAgo }).where(and(eq(messages.conversationId, conversationId), eq(messages.crisis, true)))

    fake.enqueue({ text: 'That sounds like a heavy week. What made it so?' })
    const turn = await say(client, conversationId, 'honestly everything feels pointless')
    expect(turn.done).toMatchObject({ help: false, message: { content: 'That sounds like a heavy week. What made it so?' } })
    expect(fake.requests).toHaveLength(1)
  })

  it('is believed in any of the seven languages', async () => {
    for (const denial of ['Estoy bien, no te preocupes', "Je vais bien, tu m'as mal compris", 'Mir geht es gut, du hast mich falsch verstanden', 'Estou bem, você me entendeu mal', 'Sto bene, mi hai frainteso', 'Het gaat goed, je hebt me verkeerd begrepen']) {
      const { client } = await memberOf(model, 'denial-languages')
      const { conversationId } = await startThreshold(client)
      expect((await say(client, conversationId, 'quiero morir')).done?.help, denial).toBe(true)
      expect((await say(client, conversationId, denial)).done, denial).toMatchObject({ help: false, message: { content: BELIEVED_REPLY } })
    }
    expect(fake.requests).toHaveLength(0)
  })
})

describe('the last door', () => {
  it('keeps no result that speaks of distress, whoever asks to finish with it', async () => {
    const { client, userId } = await memberOf(offline, 'last-door')
    const { conversationId } = await startThreshold(client)
    const { db } = offline.database
    await expect(db.transaction((tx) => finishConversation(tx, {}, { id: conversationId, userId }, 'threshold', { intention: 'I let myself disappear forever.' }))).rejects.toThrow(
      'never kept',
    )
    const [row] = await db.select({ status: conversations.status, result: conversations.result }).from(conversations).where(eq(conversations.id, conversationId))
    expect(row).toEqual({ status: 'open', result: null })
  })
})
