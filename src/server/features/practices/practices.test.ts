import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { PracticeLog } from '~/core/journey'
import type { PathName } from '~/core/paths'
import { practices, profiles, userAttributes, userProgress } from '~/server/db/schema'
import { say } from '~test/support/chat'
import { createTestServer, type TestClient } from '~test/support/server'
import { errorBody, okBody } from '~test/support/test-client'

const server = await createTestServer()
const { db } = server.database

async function member(path: PathName | null = 'mind') {
  const { client } = await server.signedInClient('practice')
  if (path) expect((await client.api.journey.path.$put({ json: { path } })).status).toBe(200)
  return client
}
const journey = async (client: TestClient) => okBody(client.api.journey.$get())
async function start(client: TestClient, exercise: number | 'next') {
  const response = await client.api.practices.$post({ json: { exercise } })
  expect(response.status).toBe(201)
  return (await okBody(response)).practice
}
const complete = (client: TestClient, id: string, log: PracticeLog = {}) => client.api.practices[':id'].complete.$post({ param: { id }, json: log })
/** What each of a path's exercises logs when it is finished. */
const LOGS: Record<string, PracticeLog> = {
  movement: { steps: 4200 },
  sensory: { observation: 'A red kite above the roofs' },
  kindness: { kindnessAct: 'Carried my neighbour’s shopping' },
}
async function finish(client: TestClient, exercise: number | 'next') {
  const practice = await start(client, exercise)
  const response = await complete(client, practice.id, LOGS[practice.minigame.gameType] ?? {})
  expect(response.status).toBe(200)
  return okBody(response)
}

describe('starting a practice at the threshold', () => {
  it('resolves the exercise on the user’s path and opens Olo’s threshold chat with its script', async () => {
    const client = await member('mind')
    const practice = await start(client, 'next')
    expect(practice).toMatchObject({
      exerciseNumber: 1,
      path: 'mind',
      title: 'Focus Steps',
      minigame: { name: 'Focus Steps', gameType: 'focus' },
      intention: null,
      conversationFinished: false,
      completedAt: null,
      destination: '/focus-exercise',
    })
    expect(practice.script.name).toContain('Focus Steps')
    const conversation = await okBody(client.api.conversations[':id'].$get({ param: { id: practice.conversationId! } }))
    expect(conversation.kind).toBe('threshold')
    expect(conversation.messages).toHaveLength(1)
    expect(conversation.messages[0]!.role).toBe('assistant')
    expect(JSON.stringify(practice)).not.toMatch(/OLO_END|master|prompt/i)

    expect((await start(client, 3)).minigame.gameType).toBe('meditation')
    expect((await start(client, 2)).destination).toBe('/sensory-safari')
  })

  it('sets the intention from the finished chat on the practice and in user_attributes', async () => {
    const client = await member('calm')
    const practice = await start(client, 1)
    const reply = await say(client, practice.conversationId!, 'I want to feel calmer and let go of the day')
    expect(reply.done?.status).toBe('finished')
    const intention = (reply.done!.result as { intention: string }).intention
    expect(reply.done!.greeting).toContain(intention)

    const read = await okBody(client.api.practices[':id'].$get({ param: { id: practice.id } }))
    expect(read.practice).toMatchObject({ intention, conversationFinished: true, destination: '/breathing-bubble' })
    const [attribute] = await db.select().from(userAttributes).where(and(eq(userAttributes.attributeKey, 'intention'), eq(userAttributes.attributeValue, intention)))
    expect(attribute).toBeDefined()
  })

  it('answers the threshold’s load errors: an invalid id, no path, and no exercise for that number', async () => {
    const client = await member('energy')
    for (const exercise of ['abc', 0, -1, 1.5, '2', null]) {
      const response = await client.post('/api/practices', { exercise })
      expect(response.status).toBe(400)
      expect((await errorBody(response)).error.message).toContain('Invalid exercise ID provided')
    }
    const missing = await client.api.practices.$post({ json: { exercise: 4 } })
    expect(missing.status).toBe(404)
    expect((await errorBody(missing)).error.message).toBe('No exercise found for number 4. You may have completed every exercise on this path.')

    const pathless = await member(null)
    const noPath = await pathless.api.practices.$post({ json: { exercise: 'next' } })
    expect(noPath.status).toBe(409)
    expect((await errorBody(noPath)).error.message).toBe('We could not determine your selected path. Please choose a path first.')
  })
})

describe('completing a practice', () => {
  it('adds 10 points once per exercise, moves the steps and the quest, and logs every repeat without points', async () => {
    const client = await member('mind')
    const first = await finish(client, 'next')
    expect(first).toMatchObject({ pointsAwarded: 10, alreadyCompleted: false, practice: { exerciseNumber: 1 } })
    expect(await journey(client)).toMatchObject({ points: 10, level: 1, path: { next: 2, stepsDone: 1 }, firstQuest: { progress: 50, complete: false } })

    const repeat = await finish(client, 1)
    expect(repeat.pointsAwarded).toBe(0)
    expect((await journey(client)).points).toBe(10)

    await finish(client, 'next')
    const third = await finish(client, 'next')
    expect(third.practice.exerciseNumber).toBe(3)
    const after = await journey(client)
    expect(after).toMatchObject({ points: 30, path: { next: 4, stepsDone: 3, complete: true }, firstQuest: { progress: 100, complete: true } })
    expect(after.path!.steps.map((s) => s.complete)).toEqual([true, true, true])

    const log = await db.select().from(practices).where(eq(practices.userId, (await userIdOf(client))))
    expect(log.filter((p) => p.completedAt)).toHaveLength(4)
    expect(log.find((p) => p.observation)?.observation).toBe('A red kite above the roofs')
    expect(log.map((p) => p.pointsAwarded).sort()).toEqual([0, 10, 10, 10])
  })

  it('changes nothing on a double submit', async () => {
    const client = await member('energy')
    const practice = await start(client, 1)
    const once = await okBody(complete(client, practice.id, { steps: 5000 }))
    const twice = await okBody(complete(client, practice.id, { steps: 9999 }))
    expect(once).toMatchObject({ pointsAwarded: 10, alreadyCompleted: false })
    expect(twice).toMatchObject({ pointsAwarded: 10, alreadyCompleted: true })
    expect((await journey(client)).points).toBe(10)
    const rows = await db.select().from(userProgress).where(eq(userProgress.practiceId, practice.id))
    expect(rows).toHaveLength(1)
    const [attribute] = await db.select().from(userAttributes).where(and(eq(userAttributes.userId, await userIdOf(client)), eq(userAttributes.attributeKey, 'step_quest_count')))
    expect(attribute!.attributeValue).toBe('5000')
  })

  it('completes once under concurrent submits of one practice and of two practices of one exercise', async () => {
    const client = await member('connection')
    const a = await start(client, 1)
    const b = await start(client, 1)
    const results = await Promise.all([
      ...Array.from({ length: 4 }, () => complete(client, a.id, LOGS.kindness)),
      ...Array.from({ length: 4 }, () => complete(client, b.id, LOGS.kindness)),
    ])
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200))
    expect((await journey(client)).points).toBe(10)
    const userId = await userIdOf(client)
    expect(await db.select().from(userProgress).where(eq(userProgress.userId, userId))).toHaveLength(2)
  })

  it('keeps a practice’s latest values in user_attributes for each kind of exercise', async () => {
    const client = await member('calm')
    await finish(client, 1)
    await finish(client, 3)
    const userId = await userIdOf(client)
    const rows = await db.select().from(userAttributes).where(eq(userAttributes.userId, userId))
    const byKey = Object.fromEntries(rows.map((r) => [r.attributeKey, r.attributeValue]))
    expect(new Date(byKey.breathing_bubble_completed!).toString()).not.toBe('Invalid Date')
    expect(byKey.sensory_safari_observation).toBe('A red kite above the roofs')

    await client.api.journey.path.$put({ json: { path: 'connection' } })
    await finish(client, 1)
    await client.api.journey.path.$put({ json: { path: 'energy' } })
    await finish(client, 1)
    const latest = Object.fromEntries((await db.select().from(userAttributes).where(eq(userAttributes.userId, userId))).map((r) => [r.attributeKey, r.attributeValue]))
    expect(latest).toMatchObject({ kindness_quest_act: 'Carried my neighbour’s shopping', step_quest_count: '4200' })
  })

  it.each<[string, PathName, number, Record<string, unknown>, string]>([
    ['no step count', 'energy', 1, {}, 'Please enter a valid number of steps'],
    ['a negative step count', 'energy', 1, { steps: -5 }, 'steps: Please enter a valid number of steps'],
    ['steps as text', 'energy', 1, { steps: 'many' }, 'steps: Please enter a valid number of steps'],
    ['a fractional step count', 'energy', 1, { steps: 10.5 }, 'steps: Please enter a valid number of steps'],
    ['a blank observation', 'calm', 3, { observation: '   ' }, 'observation: Please describe something you can see'],
    ['an observation that is too long', 'calm', 3, { observation: 'x'.repeat(2001) }, 'observation: Please keep it under 2,000 characters.'],
    ['no kindness act', 'connection', 1, {}, 'Please describe an act of kindness'],
    ['a log the exercise does not keep', 'mind', 1, { steps: 10 }, 'This practice does not log steps.'],
    ['an unknown field', 'mind', 1, { points: 100 }, 'points'],
  ])('refuses %s with 400 and a clear message', async (_, path, exercise, log, message) => {
    const client = await member(path)
    const practice = await start(client, exercise)
    // Logs the route's types forbid among them, so each is sent raw.
    const response = await client.post(`/api/practices/${practice.id}/complete`, log)
    expect(response.status).toBe(400)
    expect((await errorBody(response)).error.message).toContain(message)
    expect((await journey(client)).points).toBe(0)
  })

  it('refuses a practice id that is not an id, and one that does not exist', async () => {
    const client = await member()
    const bad = await complete(client, 'not-a-uuid')
    expect(bad.status).toBe(400)
    expect((await errorBody(bad)).error.message).toBe('id: That is not a practice id.')
    expect((await complete(client, crypto.randomUUID())).status).toBe(404)
  })
})

describe('a practice begun offline', () => {
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString()
  const begun = (path: PathName, at = minutesAgo(20), id: string = crypto.randomUUID()) => ({ id, at, path })
  const beginOffline = (client: TestClient, exercise: number | 'next', offline: ReturnType<typeof begun>) => client.api.practices.$post({ json: { exercise, offline } })
  /** A member who chose their path two hours ago, before going offline: what they did since counts for it. */
  async function memberSinceEarlier(path: PathName) {
    const client = await member(path)
    await db.update(profiles).set({ pathStartedAt: new Date(Date.now() - 2 * 60 * 60_000) }).where(eq(profiles.id, await userIdOf(client)))
    return client
  }

  it('arrives later without a threshold chat, keeps its moments, and earns its points once', async () => {
    const client = await memberSinceEarlier('calm')
    const offline = begun('calm', minutesAgo(20))
    const response = await beginOffline(client, 1, offline)
    expect(response.status).toBe(201)
    const { practice } = await okBody(response)
    expect(practice).toMatchObject({ id: offline.id, exerciseNumber: 1, path: 'calm', conversationId: null, destination: '/breathing-bubble', completedAt: null })

    const done = await okBody(complete(client, offline.id, { at: minutesAgo(19) }))
    expect(done).toMatchObject({ pointsAwarded: 10, alreadyCompleted: false, earned: { points: 10, step: 1, totals: { points: 10, stepsDone: 1 } } })
    const [row] = await db.select().from(practices).where(eq(practices.id, offline.id))
    expect(row!.startedAt.toISOString()).toBe(offline.at)
    expect(Date.now() - row!.completedAt!.getTime()).toBeGreaterThan(18 * 60_000)

    // The queue sent again: the same practice, no second start, no second points.
    const again = await beginOffline(client, 1, offline)
    expect(again.status).toBe(200)
    expect((await okBody(again)).practice).toMatchObject({ id: offline.id, completedAt: done.practice.completedAt })
    expect(await okBody(complete(client, offline.id, { at: minutesAgo(19) }))).toMatchObject({ pointsAwarded: 10, alreadyCompleted: true })
    expect(await journey(client)).toMatchObject({ points: 10, path: { next: 2 } })
    expect(await db.select().from(practices).where(eq(practices.userId, await userIdOf(client)))).toHaveLength(1)
  })

  it('stores one practice and one award when the same id arrives several times at once', async () => {
    const client = await memberSinceEarlier('mind')
    const offline = begun('mind')
    const starts = await Promise.all(Array.from({ length: 5 }, () => beginOffline(client, 2, offline)))
    expect(starts.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201])
    const completions = await Promise.all(Array.from({ length: 5 }, () => complete(client, offline.id, { observation: 'Rain on the window', at: minutesAgo(5) })))
    expect(completions.map((r) => r.status)).toEqual(Array(5).fill(200))
    expect((await journey(client)).points).toBe(10)
    expect(await db.select().from(userProgress).where(eq(userProgress.practiceId, offline.id))).toHaveLength(1)
  })

  it('refuses an id another member holds, saying nothing of theirs', async () => {
    const owner = await member('mind')
    const other = await member('mind')
    const offline = begun('mind')
    expect((await beginOffline(owner, 1, offline)).status).toBe(201)
    const taken = await beginOffline(other, 1, offline)
    expect(taken.status).toBe(409)
    expect(JSON.stringify(await errorBody(taken))).not.toMatch(/mind|Focus|exercise/i)
    const threshold = await start(owner, 2)
    const chatTaken = await beginOffline(other, 1, { ...offline, id: threshold.id })
    expect(chatTaken.status).toBe(409)
    expect((await complete(other, offline.id)).status).toBe(404)
    expect((await journey(other)).points).toBe(0)
    const [row] = await db.select().from(practices).where(eq(practices.id, offline.id))
    expect(row).toMatchObject({ userId: await userIdOf(owner), completedAt: null })
  })

  it('is kept on the path the device was on, and earns nothing when the member has moved to another path since', async () => {
    const client = await member('mind')
    await client.api.journey.path.$put({ json: { path: 'energy' } })
    const offline = begun('mind', minutesAgo(1))
    const { practice } = await okBody(beginOffline(client, 2, offline))
    expect(practice).toMatchObject({ path: 'mind', title: 'Sensory Safari' })
    expect((await okBody(complete(client, offline.id, { observation: 'A kestrel' }))).pointsAwarded).toBe(0)
    expect(await journey(client)).toMatchObject({ points: 0, path: { key: 'energy', next: 1 } })
  })

  it.each<[string, unknown, string]>([
    ['a moment in the future', { exercise: 1, offline: { id: crypto.randomUUID(), at: new Date(Date.now() + 60 * 60_000).toISOString(), path: 'mind' } }, "offline.at: A practice can't be in the future."],
    ['a moment older than 30 days', { exercise: 1, offline: { id: crypto.randomUUID(), at: new Date(Date.now() - 31 * 86_400_000).toISOString(), path: 'mind' } }, "offline.at: A practice older than 30 days can't be added."],
    ['a moment that is not one', { exercise: 1, offline: { id: crypto.randomUUID(), at: 'yesterday', path: 'mind' } }, 'offline.at: That is not a moment.'],
    ['an id that is not an id', { exercise: 1, offline: { id: 'mine', at: new Date().toISOString(), path: 'mind' } }, 'offline.id: That is not a practice id.'],
    ['an unknown path', { exercise: 1, offline: { id: crypto.randomUUID(), at: new Date().toISOString(), path: 'Mind' } }, 'offline.path: Choose one of the paths'],
    ['an exercise the path does not have', { exercise: 7, offline: { id: crypto.randomUUID(), at: new Date().toISOString(), path: 'mind' } }, 'No exercise found for number 7.'],
  ])('refuses %s', async (_, body, message) => {
    const client = await member('mind')
    const response = await client.post('/api/practices', body)
    expect(response.status).toBeGreaterThanOrEqual(400)
    expect((await errorBody(response)).error.message).toContain(message)
    expect(await db.select().from(practices).where(eq(practices.userId, await userIdOf(client)))).toHaveLength(0)
  })

  it('keeps a completion’s moment between the practice’s beginning and now, whatever the device’s clock says', async () => {
    const client = await memberSinceEarlier('mind')
    const ahead = (await okBody(beginOffline(client, 1, begun('mind', minutesAgo(10))))).practice
    expect((await okBody(complete(client, ahead.id, { at: new Date(Date.now() + 60 * 60_000).toISOString() }))).pointsAwarded).toBe(10)
    const behind = (await okBody(beginOffline(client, 2, begun('mind', minutesAgo(10))))).practice
    expect((await okBody(complete(client, behind.id, { at: new Date(Date.now() - 31 * 86_400_000).toISOString(), observation: 'Frost' }))).pointsAwarded).toBe(10)
    const [aheadRow] = await db.select().from(practices).where(eq(practices.id, ahead.id))
    expect(Math.abs(Date.now() - aheadRow!.completedAt!.getTime())).toBeLessThan(60_000)
    const [behindRow] = await db.select().from(practices).where(eq(practices.id, behind.id))
    expect(behindRow!.completedAt!.getTime()).toBe(behindRow!.startedAt.getTime())
    const refused = await complete(client, behind.id, { at: 'last Tuesday' })
    expect(refused.status).toBe(400)
  })

  it('counts new practices against the hourly limit, but never a resend of one the server has', async () => {
    const client = await member('mind')
    const first = begun('mind')
    expect((await beginOffline(client, 1, first)).status).toBe(201)
    for (let i = 1; i < 30; i++) expect((await beginOffline(client, 1, begun('mind'))).status).toBe(201)
    expect((await beginOffline(client, 1, begun('mind'))).status).toBe(429)
    expect((await client.api.practices.$post({ json: { exercise: 1 } })).status).toBe(429)
    expect((await beginOffline(client, 1, first)).status).toBe(200)
  })
})

describe('switching paths', () => {
  it('starts the new path from exercise 1 and the quest from 0, keeps points, and ignores completions before the switch', async () => {
    const client = await member('mind')
    await finish(client, 'next')
    await finish(client, 'next')
    expect(await journey(client)).toMatchObject({ points: 20, path: { next: 3 }, firstQuest: { progress: 100 } })

    const switched = await okBody(client.api.journey.path.$put({ json: { path: 'calm' } }))
    expect(switched).toMatchObject({ points: 20, path: { key: 'calm', next: 1, stepsDone: 0 }, firstQuest: { progress: 0 } })

    // Back to mind: the earlier completions no longer count, and doing exercise 1 again earns its points again.
    await client.api.journey.path.$put({ json: { path: 'mind' } })
    expect((await journey(client)).path).toMatchObject({ next: 1, stepsDone: 0 })
    expect((await finish(client, 1)).pointsAwarded).toBe(10)
    expect((await journey(client)).points).toBe(30)
  })

  it('changes nothing when the current path is chosen again', async () => {
    const client = await member('energy')
    await finish(client, 'next')
    const same = await okBody(client.api.journey.path.$put({ json: { path: 'energy' } }))
    expect(same).toMatchObject({ path: { next: 2 }, firstQuest: { progress: 50 } })
  })

  it('earns nothing for a practice begun on the path left behind, even after coming back to it', async () => {
    const client = await member('mind')
    const practice = await start(client, 1)
    await client.api.journey.path.$put({ json: { path: 'calm' } })
    const done = await okBody(complete(client, practice.id))
    expect(done.pointsAwarded).toBe(0)
    expect(await journey(client)).toMatchObject({ points: 0, path: { key: 'calm', next: 1 } })

    const earlier = await start(client, 1)
    await client.api.journey.path.$put({ json: { path: 'mind' } })
    await client.api.journey.path.$put({ json: { path: 'calm' } })
    expect((await okBody(complete(client, earlier.id))).pointsAwarded).toBe(0)
    expect(await journey(client)).toMatchObject({ points: 0, path: { key: 'calm', next: 1 } })
  })
})

describe('what a completion earned', () => {
  it('tells the first completion of a step its 10 points, the step it lit and the totals after it', async () => {
    const client = await member('mind')
    await finish(client, 'next')
    const second = await finish(client, 'next')
    expect(second.earned).toEqual({ points: 10, step: 2, totals: { points: 20, level: 1, stepsDone: 2 } })
  })

  it('earns a repeat of a lit step nothing, and answers a second submit as the first', async () => {
    const client = await member('calm')
    const first = await start(client, 1)
    const once = await okBody(complete(client, first.id))
    const again = await okBody(complete(client, first.id))
    expect(once.earned).toEqual({ points: 10, step: 1, totals: { points: 10, level: 1, stepsDone: 1 } })
    expect(again.earned).toEqual(once.earned)
    const repeat = await finish(client, 1)
    expect(repeat.earned).toEqual({ points: 0, step: 1, totals: { points: 10, level: 1, stepsDone: 1 } })
  })

  it('earns a practice outside the current path nothing and lights no step', async () => {
    const client = await member('mind')
    const practice = await start(client, 1)
    await client.api.journey.path.$put({ json: { path: 'energy' } })
    const done = await okBody(complete(client, practice.id))
    expect(done.earned).toEqual({ points: 0, step: null, totals: { points: 0, level: 1, stepsDone: null } })
  })

  it('reaches the next level at 100 points', async () => {
    const client = await member('mind')
    await db.update(profiles).set({ luminPoints: 95 }).where(eq(profiles.id, await userIdOf(client)))
    expect((await finish(client, 'next')).earned.totals).toEqual({ points: 105, level: 2, stepsDone: 1 })
  })
})

describe('the journey', () => {
  it('shows a user with no path no steps, then their path, and keeps the assessment', async () => {
    const client = await member(null)
    expect(await journey(client)).toMatchObject({ points: 0, level: 1, assessment: null, path: null, firstQuest: null })
    const catalogue = async () => okBody(client.api.journey.paths.$get())
    expect(await catalogue()).toMatchObject({ current: null })
    expect((await catalogue()).paths.map((p) => p.key)).toEqual(['mind', 'energy', 'calm', 'connection'])
    await client.api.journey.path.$put({ json: { path: 'connection' } })
    expect((await catalogue()).current).toBe('connection')
    const chosen = await journey(client)
    expect(chosen.path!.steps.map((s) => s.name)).toEqual(['Kindness Quest', 'Warm Breath', 'Reach Out'])
    expect(chosen.firstQuest!.practices.map((p) => p.number)).toEqual([1, 2])

    const assessed = await okBody(client.api.journey.assessment.$put({ json: { focused: 0, energised: 50, calm: 100 } }))
    expect(assessed.assessment).toEqual({ focused: 0, energised: 50, calm: 100 })
  })

  it.each([
    ['an unknown path', '/api/journey/path', { path: 'Mind' }, 'path: Choose one of the paths: mind, energy, calm or connection.'],
    ['a score above 100', '/api/journey/assessment', { focused: 101, energised: 50, calm: 50 }, 'focused: Each answer is at most 100.'],
    ['a missing score', '/api/journey/assessment', { focused: 10, energised: 50 }, 'calm'],
    ['a score as text', '/api/journey/assessment', { focused: '50', energised: 50, calm: 50 }, 'focused: Each answer is a number from 0 to 100.'],
  ])('refuses %s with 400', async (_, route, body, message) => {
    const client = await member()
    const response = await client.request(route, { method: 'PUT', json: body })
    expect(response.status).toBe(400)
    expect((await errorBody(response)).error.message).toContain(message)
  })

  it('lights the orbs of the dimensions a path serves when a practice is completed', async () => {
    const client = await member('calm')
    await finish(client, 1)
    const { orbs } = await okBody(client.api.weekly.$get({ query: { timeZone: 'UTC' } }))
    expect(orbs).toMatchObject({ spirit: 10, heart: 10, mind: 0 })
  })
})

describe('access', () => {
  it('needs a session for every journey and practice route', async () => {
    const stranger = server.client()
    const id = crypto.randomUUID()
    for (const [method, route] of [
      ['GET', '/api/journey'],
      ['GET', '/api/journey/paths'],
      ['PUT', '/api/journey/path'],
      ['PUT', '/api/journey/assessment'],
      ['POST', '/api/practices'],
      ['GET', `/api/practices/${id}`],
      ['POST', `/api/practices/${id}/complete`],
    ] as const) {
      expect((await stranger.request(route, { method, json: method === 'GET' ? undefined : {} })).status, `${method} ${route}`).toBe(401)
    }
  })

  it('never lets a user read or complete another user’s practice', async () => {
    const owner = await member('mind')
    const other = await member('mind')
    const practice = await start(owner, 1)
    expect((await other.api.practices[':id'].$get({ param: { id: practice.id } })).status).toBe(404)
    expect((await complete(other, practice.id)).status).toBe(404)
    expect((await other.api.conversations[':id'].$get({ param: { id: practice.conversationId! } })).status).toBe(404)
    expect((await journey(other)).points).toBe(0)
    const [row] = await db.select().from(practices).where(eq(practices.id, practice.id))
    expect(row!.completedAt).toBeNull()

    // Another user's path switch and assessment touch only their own journey.
    await complete(owner, practice.id)
    const before = await journey(owner)
    await other.api.journey.path.$put({ json: { path: 'calm' } })
    await other.api.journey.assessment.$put({ json: { focused: 1, energised: 2, calm: 3 } })
    expect(await journey(owner)).toEqual(before)
    expect(before).toMatchObject({ points: 10, assessment: null, path: { key: 'mind', next: 2 } })
  })
})

async function userIdOf(client: TestClient) {
  return (await okBody(client.api.session.$get())).user!.id
}
