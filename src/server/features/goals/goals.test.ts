import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { percentileWording } from '~/core/goals'
import { achievements, badges, goals } from '~/server/db/schema'
import { say } from '~test/support/chat'
import { createBystander, createGoal as createGoalRow } from '~test/support/factories'
import { createTestServer, type TestClient } from '~test/support/server'
import { errorBody, okBody } from '~test/support/test-client'

const server = await createTestServer()
const { db } = server.database


const member = async () => (await server.signedInClient('goals')).client
const categoryId = async (client: TestClient, name: string) =>
  (await okBody(client.api.goals.categories.$get())).categories.find((c) => c.name === name)!.id

/** A whole goal chat with the offline Olo, answered the way people write. */
async function createGoal(client: TestClient, category = 'Health & Fitness', answers = ['I want to run 100 km in 3 months']) {
  const started = await client.api.goals.chats.$post({ json: { categoryId: await categoryId(client, category) } })
  expect(started.status).toBe(201)
  const { conversationId } = await okBody(started)
  for (const answer of [...answers, 'yes', 'yes']) {
    const reply = await say(client, conversationId, answer)
    if (reply.done?.status === 'goal_created') break
  }
  return (await okBody(client.api.goals.chats[':conversationId'].$get({ param: { conversationId } }))).goal
}
const setProgress = (client: TestClient, id: string, currentValue: number) => client.api.goals[':id'].progress.$put({ param: { id }, json: { currentValue } })
const achievementsOf = async (client: TestClient) => (await okBody(client.api.achievements.$get())).achievements

describe('goal creation from the goal chat', () => {
  it('lists the categories by name, and creates the goal the chat agreed in the chosen category', async () => {
    const client = await member()
    const { categories } = await okBody(client.api.goals.categories.$get())
    expect(categories.map((c) => c.name)).toEqual([...categories.map((c) => c.name)].sort())
    expect(categories).toHaveLength(8)

    const goal = await createGoal(client)
    expect(goal).toMatchObject({ title: 'Run 100 km', targetValue: 100, unit: 'km', currentValue: 0, progress: 0, status: 'in-progress', category: { name: 'Health & Fitness', iconName: 'Heart' } })
    const days = (new Date(goal.targetDate).getTime() - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(85)
    expect(days).toBeLessThan(92)
    const { goals: listed } = await okBody(client.api.goals.$get())
    expect(listed.map((g) => g.id)).toEqual([goal.id])
  })

  it('opens the chat with Olo’s first message and refuses an unknown category', async () => {
    const client = await member()
    const started = await okBody(client.api.goals.chats.$post({ json: { categoryId: await categoryId(client, 'Money') } }))
    expect(started.category.name).toBe('Money')
    const conversation = await okBody(client.api.conversations[':id'].$get({ param: { id: started.conversationId } }))
    expect(conversation.kind).toBe('goal')
    expect(conversation.messages[0]!.content).toMatch(/Let's turn something you care about into a goal/)

    expect((await client.api.goals.chats.$post({ json: { categoryId: 9999 } })).status).toBe(404)
    const bad = await client.post('/api/goals/chats', { categoryId: 'Money' })
    expect(bad.status).toBe(400)
    expect((await errorBody(bad)).error.message).toBe('categoryId: Choose a goal category.')
  })
})

describe('progress and achievements', () => {
  it('earns each tier once as progress crosses 25, 50, 75 and 100 %, and keeps them when progress goes down', async () => {
    const client = await member()
    const goal = await createGoal(client)

    const first = await okBody(setProgress(client, goal.id, 60))
    expect(first.goal).toMatchObject({ currentValue: 60, progress: 60, status: 'in-progress', completedAt: null })
    expect(first.earned).toEqual(['Bronze', 'Silver'])
    expect((await okBody(setProgress(client, goal.id, 62))).earned).toEqual([])

    const done = await okBody(setProgress(client, goal.id, 100))
    expect(done.goal).toMatchObject({ progress: 100, status: 'completed' })
    expect(done.goal.completedAt).not.toBeNull()
    expect(done.earned).toEqual(['Gold', 'Diamond'])

    const lowered = await okBody(setProgress(client, goal.id, 10))
    expect(lowered.goal).toMatchObject({ progress: 10, status: 'in-progress', completedAt: null })
    const earned = await achievementsOf(client)
    expect(earned.map((a) => a.tier).sort()).toEqual(['Bronze', 'Diamond', 'Gold', 'Silver'])
    // Badges the creation overlay didn't make are drawn as their tier is earned.
    expect(earned[0]).toMatchObject({ goal: { title: 'Run 100 km' }, imageUrl: expect.stringMatching(/^\/api\/goals\/.+\/badges\/\w+$/) })
    expect((await client.request(earned[0]!.imageUrl!)).status).toBe(200)
  })

  it('awards each tier once under concurrent updates', async () => {
    const client = await member()
    const goal = await createGoal(client)
    const results = await Promise.all([30, 55, 80, 100, 100, 45].map((value) => setProgress(client, goal.id, value)))
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(200))
    const rows = await db.select().from(achievements).where(eq(achievements.goalId, goal.id))
    expect(rows.map((r) => r.tier).sort()).toEqual(['Bronze', 'Diamond', 'Gold', 'Silver'])
  })

  it('gives the percentile among users with a goal in the category', async () => {
    const [a, b] = [await member(), await member()]
    const goalA = await createGoal(a, 'Creativity', ['I want to write 12 poems in 2 months'])
    const goalB = await createGoal(b, 'Creativity', ['I want to paint 10 pictures in 3 months'])
    const countInCategory = (await db.select({ userId: goals.userId }).from(goals).where(eq(goals.categoryId, goalA.category.id))).length
    await setProgress(a, goalA.id, goalA.targetValue)
    const [diamondA] = (await achievementsOf(a)).filter((x) => x.tier === 'Diamond')
    expect(diamondA!.percentile).toBe(Math.round((1 / countInCategory) * 1000) / 10)
    await setProgress(b, goalB.id, goalB.targetValue / 2)
    const silverB = (await achievementsOf(b)).find((x) => x.tier === 'Silver')!
    expect(silverB.percentile).toBe(Math.round((2 / countInCategory) * 1000) / 10)
  })

  it('tells the progress update what it earned, with the percentile counted among the members with a goal in the category then', async () => {
    const client = await member()
    const goal = await createGoal(client, 'Adventure & Travel', ['I want to visit 8 new towns in 3 months'])
    const cohort = (await db.selectDistinct({ userId: goals.userId }).from(goals).where(eq(goals.categoryId, goal.category.id))).length
    const saved = await okBody(setProgress(client, goal.id, goal.targetValue / 2))
    expect(saved.earned).toEqual(['Bronze', 'Silver'])
    // Highest tier first: the one the goals screen shows as the moment.
    expect(saved.achievements.map((a) => a.tier)).toEqual(['Silver', 'Bronze'])
    expect(saved.achievements[0]).toMatchObject({ cohort, goal: { id: goal.id, title: goal.title }, imageUrl: expect.stringMatching(/badges\/Silver$/) })
    expect(cohort).toBeLessThan(20)
    expect(percentileWording(saved.achievements[0]!.percentile, saved.achievements[0]!.cohort)).toBe('One of the first to earn it')
  })

  it('shows a Top x.x% percentile once 20 members have a goal in the category, counted at earn time', async () => {
    const category = await categoryId(await member(), 'Home & Family')
    // 24 other members with a goal in the category, none of them past a tier: the earner is the top 1 of 25.
    for (let i = 0; i < 24; i++) await createGoalRow(db, { userId: (await createBystander(db, 'cohort')).id, categoryId: category, title: 'Cook together', targetValue: 10, unit: 'meals' })
    const client = await member()
    const goal = await createGoal(client, 'Home & Family', ['I want to cook 12 family dinners in 2 months'])
    const cohort = (await db.selectDistinct({ userId: goals.userId }).from(goals).where(eq(goals.categoryId, category))).length
    expect(cohort).toBeGreaterThanOrEqual(25)

    const [bronze] = (await okBody(setProgress(client, goal.id, goal.targetValue / 4))).achievements
    expect(bronze).toMatchObject({ tier: 'Bronze', cohort, percentile: Math.round((1 / cohort) * 1000) / 10 })
    expect(percentileWording(bronze!.percentile, bronze!.cohort)).toBe(`Top ${(Math.round((1 / cohort) * 1000) / 10).toFixed(1)}%`)

    // Members who join the category later change nothing about an achievement already earned.
    await createGoalRow(db, { userId: (await createBystander(db, 'cohort-late')).id, categoryId: category, title: 'Garden', targetValue: 4, unit: 'beds' })
    expect((await achievementsOf(client)).find((a) => a.tier === 'Bronze')).toMatchObject({ cohort, percentile: bronze!.percentile })
  })

  it.each([
    ['a negative value', -1, 'currentValue: Progress is at least 0.'],
    ['text', 'sixty', 'currentValue: Progress is a number.'],
    ['nothing', null, 'currentValue: Progress is a number.'],
    ['more than the target', 101, "currentValue: Progress can't be more than the target (100 km)."],
  ])('refuses %s with 400', async (_, value, message) => {
    const client = await member()
    const goal = await createGoal(client)
    // Values the route's types forbid, sent raw as a caller other than the web might.
    const response = await client.request(`/api/goals/${goal.id}/progress`, { method: 'PUT', json: { currentValue: value } })
    expect(response.status).toBe(400)
    expect((await errorBody(response)).error.message).toBe(message)
  })
})

describe('badges', () => {
  it('draws a tier’s badge only when the goal earns it, serves it to its owner only, with a strict policy, and escapes the title', async () => {
    const client = await member()
    const goal = await createGoal(client, 'Mind & Learning', ['I want to read 12 books in 6 months'])
    await db.update(goals).set({ title: '<script>alert("x")</script> & <b>Read</b>' }).where(eq(goals.id, goal.id))

    // Nobody can have a badge drawn for a tier the goal has not earned: there is no such request.
    for (const tier of ['Bronze', 'Diamond']) expect((await client.post(`/api/goals/${goal.id}/badges/${tier}`, {})).status).toBe(404)

    // Before it is earned, a tier shows its locked design, drawn for the moment and kept nowhere, at an address of its
    // own: the earned badge's address has nothing yet (docs/decisions/0057).
    expect((await client.api.goals[':id'].badges[':tier'].$get({ param: { id: goal.id, tier: 'Gold' } })).status).toBe(404)
    const locked = await client.api.goals[':id'].badges[':tier'].locked.$get({ param: { id: goal.id, tier: 'Gold' } })
    expect(locked.status).toBe(200)
    expect(locked.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox")
    expect(locked.headers.get('cache-control')).toBe('private, no-cache')
    expect(await locked.text()).toContain('Gold badge, earned at 75%')
    expect(await db.select().from(badges).where(eq(badges.goalId, goal.id))).toHaveLength(0)

    await setProgress(client, goal.id, 9)
    expect((await db.select({ tier: badges.tier }).from(badges).where(eq(badges.goalId, goal.id))).map((b) => b.tier).sort()).toEqual(['Bronze', 'Gold', 'Silver'])
    const gold = (await achievementsOf(client)).find((a) => a.tier === 'Gold')
    expect(gold?.imageUrl).toBe(`/api/goals/${goal.id}/badges/Gold`)

    const image = await client.request(gold!.imageUrl!)
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8')
    expect(image.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox")
    expect(image.headers.get('cache-control')).toBe('private, max-age=31536000, immutable')
    expect(image.headers.get('x-content-type-options')).toBe('nosniff')
    const svg = await image.text()
    expect(svg).toMatch(/^<svg /)
    expect(svg).not.toContain('earned at')
    expect(svg).not.toContain('<script')
    expect(svg).not.toContain('<b>')
    expect(svg).toContain('&lt;script&gt;')
    expect(svg).toContain('&amp;')
    expect(svg).toContain('lucide-brain')

    expect(await (await client.api.goals[':id'].badges[':tier'].locked.$get({ param: { id: goal.id, tier: 'Diamond' } })).text()).toContain('Diamond badge, earned at 100%')
    expect((await client.api.goals[':id'].badges[':tier'].$get({ param: { id: goal.id, tier: 'Diamond' } })).status).toBe(404)
    expect((await client.request(`/api/goals/${goal.id}/badges/Platinum`)).status).toBe(400)
  })
})

describe('access', () => {
  it('needs a session for every goal route', async () => {
    const stranger = server.client()
    const id = crypto.randomUUID()
    for (const [method, route] of [
      ['GET', '/api/goals'],
      ['GET', '/api/goals/categories'],
      ['POST', '/api/goals/chats'],
      ['GET', `/api/goals/chats/${id}`],
      ['PUT', `/api/goals/${id}/progress`],
      ['GET', `/api/goals/${id}/badges/Gold`],
      ['GET', `/api/goals/${id}/badges/Gold/locked`],
      ['GET', '/api/achievements'],
    ] as const) {
      expect((await stranger.request(route, { method, json: method === 'GET' ? undefined : {} })).status, `${method} ${route}`).toBe(401)
    }
  })

  it('never shows or changes another user’s goals, achievements or badges', async () => {
    const owner = await member()
    const other = await member()
    const goal = await createGoal(owner)
    await setProgress(owner, goal.id, 30)

    expect((await okBody(other.api.goals.$get())).goals).toEqual([])
    expect(await achievementsOf(other)).toEqual([])
    expect((await setProgress(other, goal.id, 100)).status).toBe(404)
    expect((await other.api.goals[':id'].badges[':tier'].$get({ param: { id: goal.id, tier: 'Bronze' } })).status).toBe(404)
    expect((await other.api.goals[':id'].badges[':tier'].$get({ param: { id: goal.id, tier: 'Silver' } })).status).toBe(404)
    expect((await other.api.goals[':id'].badges[':tier'].locked.$get({ param: { id: goal.id, tier: 'Silver' } })).status).toBe(404)
    expect((await other.api.goals.chats[':conversationId'].$get({ param: { conversationId: goal.conversationId! } })).status).toBe(404)
    const [row] = await db.select().from(goals).where(eq(goals.id, goal.id))
    expect(row!.currentValue).toBe(30)
  })

  it('moves the weekly home’s orb of the category’s dimension with goal progress', async () => {
    const client = await member()
    const goal = await createGoal(client)
    await setProgress(client, goal.id, 60)
    const { orbs } = await okBody(client.api.weekly.$get({ query: { timeZone: 'UTC' } }))
    expect(orbs.body).toBe(30)
  })
})
