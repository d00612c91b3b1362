import { beforeAll, describe, expect, it } from 'vitest'
import { createTestServer, type TestClient } from '~test/support/server'
import { apiRoutes, bodyFor, fillPath, memberWithEverything, METHODS, parametersOf, PUBLIC_ROUTES, VALID_QUERIES, type OwnedData } from './sweep'

const server = await createTestServer()
const { handlers, paths } = apiRoutes(server)
const guarded = paths.filter((path) => !(path in PUBLIC_ROUTES))
const withParameters = guarded.filter((path) => parametersOf(path).length > 0)
const withoutParameters = guarded.filter((path) => parametersOf(path).length === 0 && !path.includes('*'))

let owner: OwnedData
let other: TestClient
let otherEmail: string

/** The owner's ids and words: none may appear in anyone else's answers. */
const ownersTraces = () => [
  owner.userId,
  owner.email,
  owner.marker,
  owner.recapId,
  owner.practiceId,
  owner.goalId,
  owner.reflectionEntryId,
  ...owner.taskIds,
  ...owner.messageIds,
  owner.checkInId,
  owner.journalEntryId,
  owner.pushSubscriptionId,
  owner.pushEndpoint,
  owner.safetyPlanLineId,
]

beforeAll(async () => {
  owner = await memberWithEverything(server, 'owner')
  ;({ client: other, email: otherEmail } = await server.signedInClient('other'))
}, 120_000)

/** What the owner sees of everything they own, to show nobody else changed it. */
async function ownersView() {
  const reads = [
    '/api/profile',
    '/api/journey',
    '/api/weekly?timeZone=Europe%2FParis',
    '/api/goals',
    '/api/achievements',
    '/api/check-ins?timeZone=Europe%2FParis',
    '/api/journal',
    '/api/reminders?timeZone=Europe%2FParis',
    `/api/calendar?month=${new Date().toISOString().slice(0, 7)}&timeZone=Europe%2FParis`,
    '/api/stats?range=year&timeZone=Europe%2FParis',
    '/api/safety-plan',
    ...fillPath('/api/conversations/:id', owner),
    ...fillPath('/api/reflections/:entryId', owner),
  ]
  return Promise.all(reads.map(async (path) => [path, await (await owner.client.request(path)).text()]))
}

describe('the route table the sweep covers', () => {
  it('lists every feature of the API, so the sweep below is not vacuous', () => {
    for (const path of [
      '/api/profile',
      '/api/conversations/:id',
      '/api/weekly/tasks/:id',
      '/api/practices/:id',
      '/api/goals/:id/badges/:tier',
      '/api/achievements',
      '/api/reflections/:entryId',
      '/api/speech',
      '/api/account',
      '/api/account/export',
      '/api/check-ins',
      '/api/check-ins/:id',
      '/api/journal/:id',
      '/api/journal/search',
      '/api/reminders',
      '/api/reminders/push-subscriptions/:id',
      '/api/calendar',
      '/api/calendar/year',
      '/api/stats',
      '/api/safety-plan',
      '/api/safety-plan/lines/:id',
    ]) {
      expect(paths).toContain(path)
    }
  })

  it('knows how to fill every parameter of every route', () => {
    for (const path of withParameters) expect(fillPath(path, owner).length).toBeGreaterThan(0)
  })

  it('has no wildcard route that could answer a stranger, other than the public ones', () => {
    // A `/x/*` entry is the session guard in front of a feature's routes; its concrete routes are swept.
    for (const path of guarded.filter((p) => p.includes('*'))) {
      const base = path.replace(/\/\*$/, '')
      expect(paths.some((p) => p !== path && (p === base || p.startsWith(`${base}/`))), `${path} guards no concrete route`).toBe(true)
    }
  })
})

describe('signed out', () => {
  it('every method of every non-public /api route answers 401 in the one error shape', async () => {
    const stranger = server.client()
    const failures: string[] = []
    for (const path of [...withoutParameters, ...withParameters.flatMap((p) => fillPath(p, owner))]) {
      for (const method of METHODS) {
        const response = await stranger.request(path, { method, json: method === 'GET' || method === 'HEAD' ? undefined : {} })
        if (response.status !== 401) failures.push(`${method} ${path} → ${response.status}`)
        else if (method !== 'HEAD') expect(await response.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: expect.any(String) } })
      }
    }
    expect(failures).toEqual([])
  })

  it('gets 404 from a path no feature serves, as a member does: the session guard covers only the features', async () => {
    const response = await server.client().request('/api/nothing-here')
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'There is no such API route.' } })
  })
})

describe('another signed-in user', () => {
  it('gets 404 for every method of every route naming the owner’s resources, and changes nothing', async () => {
    const before = await ownersView()
    const failures: string[] = []
    for (const routePath of withParameters) {
      for (const path of fillPath(routePath, owner)) {
        for (const method of METHODS) {
          const response = await other.request(path, { method, json: bodyFor(method, routePath, { email: otherEmail }) })
          if (response.status !== 404) failures.push(`${method} ${path} (${routePath}) → ${response.status}`)
          const text = await response.text()
          for (const trace of [owner.marker, owner.email]) if (text.includes(trace)) failures.push(`${method} ${path} shows ${trace}`)
        }
      }
    }
    expect(failures).toEqual([])
    expect(await ownersView()).toEqual(before)
  })

  it('never sees the owner’s ids or words in the answers of routes without parameters', async () => {
    const failures: string[] = []
    // Deleting an account is done by a throwaway member, last, so the others stay signed in.
    const destructive = handlers.filter((h) => h.method === 'DELETE' && withoutParameters.includes(h.path))
    const routes = handlers.filter((h) => withoutParameters.includes(h.path) && !destructive.includes(h))
    const check = async (actor: TestClient, email: string, method: string, path: string) => {
      const response = await actor.request(`${path}${method === 'GET' ? (VALID_QUERIES[path] ?? '') : ''}`, { method, json: bodyFor(method, path, { email }) })
      const text = await response.text()
      if (response.status >= 500) failures.push(`${method} ${path} → ${response.status}`)
      for (const trace of ownersTraces()) if (text.includes(trace)) failures.push(`${method} ${path} shows ${trace}`)
    }
    for (const { method, path } of routes) await check(other, otherEmail, method, path)
    for (const { method, path } of destructive) {
      const throwaway = await server.signedInClient('throwaway')
      await check(throwaway.client, throwaway.email, method, path)
    }
    expect(routes.length).toBeGreaterThan(5)
    expect(failures).toEqual([])
    // The owner is still there, with everything they had.
    expect((await owner.client.api.session.$get()).status).toBe(200)
    expect((await owner.client.api.goals.chats[':conversationId'].$get({ param: { conversationId: owner.goalConversationId } })).status).toBe(200)
  })
})
