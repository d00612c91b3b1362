import { eq } from 'drizzle-orm'
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { LIMITS } from '~/core/limits'
import { crisisResponseCounts, messages } from '~/server/db/schema'
import { createLogger } from '~/server/logger'
import { readRateLimit } from '~/server/rate-limit'
import { say } from '~test/support/chat'
import { openTestDatabase } from '~test/support/database'
import { startFakeModel } from '~test/support/fake-model'
import { startFakeModeration, type ModerationProtocol } from '~test/support/fake-moderation'
import { createTestServer, type TestClient } from '~test/support/server'
import { okBody } from '~test/support/test-client'
import { DAY_MS } from './daily-budget'
import { crisisReply } from './crisis-reply'

/**
 * The second reader (docs/decisions/0051-a-second-reader.md) as a member meets it, in a chat and a journal save, with
 * a fake model and a fake classifier of each protocol, all real HTTP servers.
 */
const POLISH = 'Nie chcę już żyć. Wszystko jest bez sensu.'
const TURKISH = 'Artık yaşamak istemiyorum, kimse fark etmez.'
const ORDINARY_TURKISH = 'Bugün parkta yürüdüm ve biraz dinlendim.'

const model = await startFakeModel()
const fakes = { mistral: await startFakeModeration('mistral'), openai: await startFakeModeration('openai'), 'llama-guard': await startFakeModeration('llama-guard') }
const database = await openTestDatabase()
afterAll(async () => {
  await Promise.all([model.close(), ...Object.values(fakes).map((fake) => fake.close())])
  await database.close()
})

const provider = {
  mistral: { OLO_LLM_PROVIDER: 'mistral', OLO_LLM_BASE_URL: model.url, OLO_LLM_API_KEY: 'model-key' },
  local: { OLO_LLM_PROVIDER: 'openai-compatible', OLO_LLM_BASE_URL: model.url, OLO_LLM_MODEL: 'fake-olo' },
}
/** Each protocol as an operator would set it up: Mistral's follows the model, the others are named. */
const servers = {
  mistral: await createTestServer({ ...provider.mistral, OLO_MODERATION_BASE_URL: fakes.mistral.url, OLO_MODERATION_API_KEY: 'moderation-key' }, { database }),
  openai: await createTestServer({ ...provider.local, OLO_MODERATION: 'openai', OLO_MODERATION_BASE_URL: fakes.openai.url, OLO_MODERATION_API_KEY: 'moderation-key' }, { database }),
  'llama-guard': await createTestServer({ ...provider.local, OLO_MODERATION_MODEL: 'llama-guard3', OLO_MODERATION_BASE_URL: fakes['llama-guard'].url, OLO_MODERATION_API_KEY: 'moderation-key' }, { database }),
}

beforeEach(() => {
  model.requests.length = 0
  for (const fake of Object.values(fakes)) fake.requests.length = 0
})

async function startRecap(client: TestClient) {
  const { recap } = await okBody(client.api.weekly.recap.$post({ json: { timeZone: 'Europe/Warsaw' } }))
  return recap.conversationId
}

const write = (client: TestClient, body: string) => okBody(client.api.journal.$post({ json: { id: crypto.randomUUID(), body, timeZone: 'Europe/Istanbul' } }))
const edit = (client: TestClient, id: string, body: string) => okBody(client.api.journal[':id'].$patch({ param: { id }, json: { title: null, body } }))
const readTexts = (protocol: ModerationProtocol) => fakes[protocol].requests.flatMap((request) => request.texts).join('\n')

describe.each(['mistral', 'openai', 'llama-guard'] as const)('%s as the second reader', (protocol) => {
  const server = servers[protocol]
  const fake = fakes[protocol]
  const { helplines } = server.config.olo

  it('hears a crisis in Polish in a chat: the help is given, the message kept as a crisis, and the model never asked', async () => {
    const { client } = await server.signedInClient(`${protocol}-polish`)
    const id = await startRecap(client)
    const turn = await say(client, id, POLISH)
    expect(turn.done).toMatchObject({ help: true, message: { content: crisisReply(helplines) } })
    expect(model.requests).toHaveLength(0)
    expect(fake.requests).toHaveLength(1)
    expect(fake.requests[0]).toMatchObject({ headers: { authorization: 'Bearer moderation-key' }, model: { mistral: 'mistral-moderation-latest', openai: 'omni-moderation-latest', 'llama-guard': 'llama-guard3' }[protocol] })
    expect(readTexts(protocol)).toContain(POLISH)
    const [stored] = await server.database.db.select().from(messages).where(eq(messages.id, turn.id))
    expect(stored).toMatchObject({ content: POLISH, crisis: true })
  })

  it('hears a crisis in Turkish in a journal save and in an edit; the entry is kept as written', async () => {
    const { client } = await server.signedInClient(`${protocol}-turkish`)
    const saved = await write(client, TURKISH)
    expect(saved).toMatchObject({ crisis: true, entry: { body: TURKISH } })
    const calm = await write(client, ORDINARY_TURKISH)
    expect(calm.crisis).toBe(false)
    expect(await edit(client, calm.entry.id, `${ORDINARY_TURKISH}\n\n${TURKISH}`)).toMatchObject({ crisis: true, entry: { body: `${ORDINARY_TURKISH}\n\n${TURKISH}` } })
  })

  it('hears a crisis in a check-in’s note after storing it, and counts it once however often the device sends it', async () => {
    const { client } = await server.signedInClient(`${protocol}-check-in`)
    const helpGiven = async () => (await server.database.db.select().from(crisisResponseCounts)).reduce((sum, day) => sum + day.count, 0)
    const before = await helpGiven()
    const sent = { id: crypto.randomUUID(), mood: 'awful' as const, note: POLISH, at: new Date().toISOString(), timeZone: 'Europe/Warsaw' }
    expect((await okBody(client.api['check-ins'].$post({ json: sent }))).checkIn).toMatchObject({ crisis: true, note: POLISH })
    expect(readTexts(protocol)).toContain(POLISH)
    // The device's resends: the same POST, then the same words again; what was heard in them stays.
    expect((await okBody(client.api['check-ins'].$post({ json: sent }))).checkIn.crisis).toBe(true)
    const details = { mood: 'awful' as const, emotions: [], dimensions: [], note: POLISH }
    expect((await okBody(client.api['check-ins'][':id'].$patch({ param: { id: sent.id }, json: details }))).checkIn.crisis).toBe(true)
    expect(await helpGiven()).toBe(before + 1)
    const calm = { ...sent, id: crypto.randomUUID(), note: ORDINARY_TURKISH }
    expect((await okBody(client.api['check-ins'].$post({ json: calm }))).checkIn.crisis).toBe(false)
  })

  it('never sends a model an entry only it heard a crisis in, when the member reflects on it', async () => {
    const { client } = await server.signedInClient(`${protocol}-reflect`)
    const saved = await write(client, TURKISH)
    expect(saved.crisis).toBe(true)
    const { reflection } = await okBody(client.api.reflections[':entryId'].$post({ param: { entryId: saved.entry.id } }))
    model.enqueue({ text: 'Buradayım. Nasıl hissediyorsun?' })
    await say(client, reflection.conversation!.id, ORDINARY_TURKISH)
    expect(model.requests.length).toBeGreaterThan(0)
    expect(JSON.stringify(model.requests.map((request) => request.body))).not.toContain('Artık yaşamak')
  })

  it('lets an ordinary message in another language through to the model', async () => {
    const { client } = await server.signedInClient(`${protocol}-ordinary`)
    const id = await startRecap(client)
    model.enqueue({ text: 'Bu güzel. Haftan nasıl geçti?' })
    expect((await say(client, id, ORDINARY_TURKISH)).done).toMatchObject({ help: false, message: { content: 'Bu güzel. Haftan nasıl geçti?' } })
    expect(readTexts(protocol)).toContain(ORDINARY_TURKISH)
    expect(model.requests).toHaveLength(1)
  })

  it('hears only self-harm: what it flags as violence goes on to the model', async () => {
    const { client } = await server.signedInClient(`${protocol}-violence`)
    const id = await startRecap(client)
    expect((await say(client, id, 'The film was [violent] and loud.')).done?.help).toBe(false)
    expect(fake.requests).toHaveLength(1)
    expect(model.requests).toHaveLength(1)
  })

  it('is never sent what the deterministic check hears: an English crisis gets the help with no request', async () => {
    const { client } = await server.signedInClient(`${protocol}-english`)
    const id = await startRecap(client)
    expect((await say(client, id, 'I want to end my life')).done?.help).toBe(true)
    expect((await write(client, 'Tonight I want to kill myself.')).crisis).toBe(true)
    expect(fake.requests).toHaveLength(0)
    expect(model.requests).toHaveLength(0)
  })
})

describe('a chat read as a whole', () => {
  it('sends the latest messages together, never an older one the deterministic check flags alone', async () => {
    const { client } = await servers.openai.signedInClient('together')
    const id = await startRecap(client)
    await say(client, id, 'Dzisiaj było ciężko.')
    await say(client, id, 'I want to die')
    fakes.openai.requests.length = 0
    await say(client, id, 'Nie wiem, co dalej.')
    // The crisis message was answered with the help and is kept out of what is read together, as it is out of the model's sight.
    expect(fakes.openai.requests).toHaveLength(1)
    expect(fakes.openai.requests[0]!.texts.join('\n')).toBe('Dzisiaj było ciężko.\nNie wiem, co dalej.')
  })

  it('reads a long entry in pieces a classifier weighs fairly, the crisis whole in one of them', async () => {
    const { client } = await servers.mistral.signedInClient('long')
    const ordinary = 'Today I walked by the river and then I cooked dinner for my sister. '
    const body = `${ordinary.repeat(140)}${TURKISH} ${ordinary.repeat(140)}`.slice(0, 20_000)
    expect((await write(client, body)).crisis).toBe(true)
    const [request] = fakes.mistral.requests
    expect(request!.texts.length).toBeGreaterThan(5)
    for (const piece of request!.texts) expect(piece.length).toBeLessThanOrEqual(2_000)
    expect(request!.texts.some((piece) => piece.includes(TURKISH))).toBe(true)
  })
})

const TIMEOUT_MS = 400
/** What the slow server logs. */
const logged: string[] = []
/** OpenAI's protocol with a short time-out, its warnings kept. */
const slow = await createTestServer(
  { ...provider.local, OLO_MODERATION: 'openai', OLO_MODERATION_BASE_URL: fakes.openai.url, OLO_MODERATION_TIMEOUT_MS: String(TIMEOUT_MS) },
  { database, logger: createLogger('warn', { write: (line: string) => void logged.push(line) }) },
)
/** Mistral's, at an address where nothing answers. */
const down = await createTestServer({ ...provider.mistral, OLO_MODERATION_BASE_URL: 'http://127.0.0.1:9/v1' }, { database })
/** A database of its own, since the instance's budget is counted per database. */
const budgeted = await createTestServer({ ...provider.mistral, OLO_MODERATION_BASE_URL: fakes.mistral.url, OLO_MODERATION_DAILY_CHAR_BUDGET: '1000' })

describe('a second reader that fails', () => {
  it('lets the member go on once its time-out has passed, and waits no longer', async () => {
    const { client } = await slow.signedInClient('hang')
    const id = await startRecap(client)
    fakes.openai.enqueue({ hang: true })
    model.enqueue({ text: 'Jak minął ci tydzień?' })
    const started = Date.now()
    expect((await say(client, id, 'Dzisiaj było spokojnie.')).done).toMatchObject({ help: false, message: { content: 'Jak minął ci tydzień?' } })
    const waited = Date.now() - started
    expect(waited).toBeGreaterThanOrEqual(TIMEOUT_MS)
    expect(waited).toBeLessThan(TIMEOUT_MS + 1_500)
    // It hung up on the classifier rather than leaving the request open.
    await vi.waitFor(() => expect(fakes.openai.aborted).toBe(1))

    fakes.openai.enqueue({ hang: true })
    const saving = Date.now()
    expect((await write(client, 'Dzisiaj było spokojnie.')).crisis).toBe(false)
    expect(Date.now() - saving).toBeLessThan(TIMEOUT_MS + 1_500)
  })

  it.each([
    ['a 500', { status: 500 }],
    ['a body that is not JSON', { status: 200, body: '<html>Bad gateway</html>' }],
    ['no results', { status: 200, body: JSON.stringify({ id: 'modr', model: 'x', results: [] }) }],
    ['no self-harm category', { status: 200, body: JSON.stringify({ id: 'modr', model: 'x', results: [{ category_scores: { violence: 0.01 } }] }) }],
  ])('takes %s as no opinion: the chat goes on and a save is answered', async (_name, reply) => {
    const { client } = await slow.signedInClient('garbage')
    const id = await startRecap(client)
    fakes.openai.enqueue(reply, reply)
    expect((await say(client, id, 'Dzisiaj było spokojnie.')).done?.help).toBe(false)
    expect(model.requests).toHaveLength(1)
    expect((await write(client, 'Dzisiaj było spokojnie.')).crisis).toBe(false)
    expect(fakes.openai.requests).toHaveLength(2)
  })

  it('logs why it had no opinion, never what was written', async () => {
    const { client } = await slow.signedInClient('logged')
    logged.length = 0
    fakes.openai.enqueue({ status: 503 })
    await write(client, 'Mój sekretny wpis o siostrze.')
    expect(logged.join('')).toContain('the second reader gave no opinion (the classifier answered 503)')
    expect(logged.join('')).not.toContain('sekretny')
  })

  it('leaves the deterministic check hearing an English crisis while the classifier can’t be reached', async () => {
    const { client } = await down.signedInClient('down')
    const id = await startRecap(client)
    expect((await say(client, id, 'I want to end my life')).done?.help).toBe(true)
    expect((await write(client, 'I want to kill myself.')).crisis).toBe(true)
    model.enqueue({ text: 'Jak minął ci tydzień?' })
    expect((await say(client, id, 'Dzisiaj było spokojnie.')).done?.message.content).toBe('Jak minął ci tydzień?')
  })
})

describe('the budgets', () => {
  /** An ordinary entry of the longest length a member may write. */
  const longEntry = 'a calm walk by the river '.repeat(800)

  it('hold a member to their daily characters under concurrent saves; past them the deterministic check reads alone', async () => {
    const { client } = await servers.mistral.signedInClient('member-budget')
    const instanceSpent = async () => (await readRateLimit(database.db, 'olo-moderation:instance', DAY_MS)).count
    const spentBefore = await instanceSpent()
    const fits = LIMITS.moderationCharsPerDay / longEntry.length
    const saves = await Promise.all(Array.from({ length: fits + 4 }, () => write(client, longEntry)))
    expect(saves.every((saved) => !saved.crisis)).toBe(true)
    expect(fakes.mistral.requests).toHaveLength(fits)
    expect((await write(client, TURKISH)).crisis).toBe(false)
    expect((await write(client, 'I want to kill myself.')).crisis).toBe(true)
    expect(fakes.mistral.requests).toHaveLength(fits)
    // What a member past their budget asked for is given back: it spends nothing of everyone's.
    expect((await instanceSpent()) - spentBefore).toBe(fits * longEntry.length)
  })

  it('hold every member together to OLO_MODERATION_DAILY_CHAR_BUDGET under concurrent saves', async () => {
    const entry = 'A quiet evening with a book and tea. '.repeat(5).slice(0, 200)
    const members = await Promise.all(Array.from({ length: 8 }, (_, i) => budgeted.signedInClient(`instance-budget-${i}`)))
    await Promise.all(members.map(({ client }) => write(client, entry)))
    expect(fakes.mistral.requests).toHaveLength(5)
  })
})
