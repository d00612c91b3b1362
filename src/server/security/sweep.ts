import { expect } from 'vitest'
import { defaultReminderSettings } from '~/core/reminders'
import { say } from '~test/support/chat'
import type { createTestServer, TestClient } from '~test/support/server'
import { okBody } from '~test/support/test-client'

type TestServer = Awaited<ReturnType<typeof createTestServer>>

export const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const

/**
 * /api routes anyone may call, each for a reason. Every other /api route must answer a signed-out caller 401.
 * Keys are Hono route paths as `app.routes` lists them.
 */
export const PUBLIC_ROUTES: Record<string, string> = {
  '/api/health': 'a load balancer asks whether this instance can serve',
  '/api/config': 'the sign-in screen needs to know whether Google sign-in is offered',
  '/api/session': 'says who is signed in, or null: every screen asks before it knows, so nobody is an answer',
  '/api/auth/*': 'Better Auth: signing up, in and out, confirming mail and resetting passwords happen before a session exists',
  '/api/auth/sign-in/email': 'signing in happens before a session exists; Lumin throttles wrong passwords here before Better Auth',
  '/api/auth/enter': 'the sign-in form: sign-in, then sign-up, before a session exists, through the two endpoints’ own limits',
  '/api/auth/verify-email': 'the confirmation page’s button confirms an address before its owner has ever signed in',
  '/api/*': 'an unknown route answers 404 whoever asks',
}

export interface ApiRoute {
  method: string
  path: string
}

/** Every /api route of the running app, from its own route table: a route added tomorrow is swept too. */
export function apiRoutes(server: TestServer): { handlers: ApiRoute[]; paths: string[] } {
  const api = server.app.routes.filter((r) => r.path.startsWith('/api'))
  const handlers = new Map<string, ApiRoute>()
  for (const { method, path } of api) if (method !== 'ALL') handlers.set(`${method} ${path}`, { method, path })
  const paths = [...new Set(api.map((r) => r.path))]
  return { handlers: [...handlers.values()], paths }
}

export const parametersOf = (path: string) => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!)

/** What one member made through the API: one of everything a user can own. */
export interface OwnedData {
  client: TestClient
  email: string
  /** Text only this member wrote, to look for in other people's answers. */
  marker: string
  userId: string
  recapId: string
  recapConversationId: string
  taskIds: string[]
  practiceId: string
  practiceConversationId: string
  goalId: string
  goalConversationId: string
  /** A journal entry with a reflection begun on it. */
  reflectionEntryId: string
  reflectionConversationId: string
  messageIds: string[]
  checkInId: string
  journalEntryId: string
  pushSubscriptionId: string
  pushEndpoint: string
  /** A line of their safety plan, with a number to call. */
  safetyPlanLineId: string
}

/** A member with a profile, an assessment, a finished recap with tasks, a practice, and a goal with an earned badge. */
export async function memberWithEverything(server: TestServer, label: string): Promise<OwnedData> {
  const { client, email } = await server.signedInClient(label)
  const marker = `${label}-marker-${Math.random().toString(36).slice(2, 10)}`
  const ok = async <R extends { status: number; url: string }>(response: Promise<R>, status = 200) => {
    const answer = await response
    expect(answer.status, `${answer.url}`).toBe(status)
    return answer
  }

  await ok(
    client.api.profile.onboarding.$post({
      json: {
        onboarding: { rankedDimensions: ['body', 'mind', 'heart'], selectedFocus: 'energy', completedAt: new Date().toISOString() },
        path: 'mind',
      },
    }),
  )
  await ok(client.api.journey.assessment.$put({ json: { focused: 40, energised: 60, calm: 70 } }))

  const { recap } = await okBody(ok(client.api.weekly.recap.$post({ json: { timeZone: 'Europe/Paris' } })))
  for (const answer of [`Busy week, ${marker}, I went running twice.`, 'I would say a 7 out of 10', 'My body, the runs helped a lot', 'I want to focus on sleep next week']) {
    const turn = await say(client, recap.conversationId, answer)
    if (turn.done?.status === 'finished') break
  }
  const week = await okBody(ok(client.api.weekly.$get({ query: { timeZone: 'Europe/Paris' } })))
  expect(week.recap!.status).toBe('done')
  expect(week.recap!.tasks.length).toBeGreaterThan(0)

  const { practice } = await okBody(ok(client.api.practices.$post({ json: { exercise: 1 } }), 201))
  await say(client, practice.conversationId!, `I want to feel steady, ${marker}`)

  const { categories } = await okBody(ok(client.api.goals.categories.$get()))
  const categoryId = categories.find((c) => c.name === 'Health & Fitness')!.id
  const chat = await okBody(ok(client.api.goals.chats.$post({ json: { categoryId } }), 201))
  for (const answer of [`I want to run 100 km in 3 months, ${marker}`, 'yes', 'yes']) {
    const turn = await say(client, chat.conversationId, answer)
    if (turn.done?.status === 'goal_created') break
  }
  const { goal } = await okBody(ok(client.api.goals.chats[':conversationId'].$get({ param: { conversationId: chat.conversationId } })))
  // 30 % earns Bronze, and with it the Bronze badge.
  await ok(client.api.goals[':id'].progress.$put({ param: { id: goal.id }, json: { currentValue: 30 } }))

  const checkInId = crypto.randomUUID()
  const checkIn = { id: checkInId, mood: 'good', emotions: ['calm'], dimensions: ['mind'], note: `A quiet morning, ${marker}`, at: new Date().toISOString(), timeZone: 'Europe/Paris' } as const
  await ok(client.api['check-ins'].$post({ json: { ...checkIn, emotions: [...checkIn.emotions], dimensions: [...checkIn.dimensions] } }), 201)

  const { entry } = await okBody(
    ok(client.api.journal.$post({ json: { id: crypto.randomUUID(), title: `Walk ${marker}`, body: `Walked by the sea, ${marker}.`, timeZone: 'Europe/Paris' } }), 201),
  )
  // A second entry, with a reflection begun on it.
  const reflected = await okBody(ok(client.api.journal.$post({ json: { id: crypto.randomUUID(), body: `A quiet day, ${marker}.`, timeZone: 'Europe/Paris' } }), 201))
  const reflectionEntryId = reflected.entry.id
  const reflection = (await okBody(ok(client.api.reflections[':entryId'].$post({ param: { entryId: reflectionEntryId } }), 201))).reflection.conversation!
  await say(client, reflection.id, `Calm, ${marker}`)

  await ok(client.api.reminders.$put({ json: { ...defaultReminderSettings('Europe/Paris'), checkIn: { on: true, time: '09:00' } } }))
  const pushEndpoint = `https://push.example.com/${marker}`
  const { subscription } = await okBody(ok(client.api.reminders['push-subscriptions'].$post({ json: pushSubscriptionBody(pushEndpoint) }), 201))

  const safetyPlanLineId = crypto.randomUUID()
  await ok(client.api['safety-plan'].lines[':id'].$put({ param: { id: safetyPlanLineId }, json: { step: 'people-to-ask', text: `My sister, ${marker}`, phone: '07700 900123', position: 0 } }), 201)

  const messageIds: string[] = []
  for (const id of [recap.conversationId, practice.conversationId!, chat.conversationId, reflection.id]) {
    const view = await okBody(ok(client.api.conversations[':id'].$get({ param: { id } })))
    messageIds.push(...view.messages.map((m) => m.id))
  }
  const session = await okBody(ok(client.api.session.$get()))
  return {
    client,
    email,
    marker,
    userId: session.user!.id,
    recapId: recap.id,
    recapConversationId: recap.conversationId,
    taskIds: week.recap!.tasks.map((t) => t.id),
    practiceId: practice.id,
    practiceConversationId: practice.conversationId!,
    goalId: goal.id,
    goalConversationId: chat.conversationId,
    reflectionEntryId,
    reflectionConversationId: reflection.id,
    messageIds,
    checkInId,
    journalEntryId: entry.id,
    pushSubscriptionId: subscription.id,
    pushEndpoint,
    safetyPlanLineId,
  }
}

/**
 * How to fill each path parameter with the owner's real ids, by the path up to and including the parameter.
 * A route whose parameter is missing here fails the sweep until someone says what it names.
 */
const PARAMETER_VALUES: Record<string, (owner: OwnedData) => string[]> = {
  '/api/conversations/:id': (o) => [o.recapConversationId, o.practiceConversationId, o.goalConversationId, o.reflectionConversationId],
  '/api/weekly/tasks/:id': (o) => o.taskIds,
  '/api/practices/:id': (o) => [o.practiceId],
  '/api/goals/:id': (o) => [o.goalId],
  '/api/goals/:id/badges/:tier': () => ['Bronze'],
  '/api/goals/chats/:conversationId': (o) => [o.goalConversationId],
  '/api/check-ins/:id': (o) => [o.checkInId],
  '/api/reflections/:entryId': (o) => [o.reflectionEntryId],
  '/api/journal/:id': (o) => [o.journalEntryId],
  '/api/reminders/push-subscriptions/:id': (o) => [o.pushSubscriptionId],
  '/api/safety-plan/lines/:id': (o) => [o.safetyPlanLineId],
}

/** Every concrete path for a route path, its parameters filled with the owner's ids; throws on a parameter it can't fill. */
export function fillPath(path: string, owner: OwnedData): string[] {
  let paths = ['']
  const segments = path.split('/').slice(1)
  const prefix: string[] = []
  for (const segment of segments) {
    prefix.push(segment)
    if (!segment.startsWith(':')) {
      paths = paths.map((p) => `${p}/${segment}`)
      continue
    }
    const key = `/${prefix.join('/')}`
    const values = PARAMETER_VALUES[key]
    if (!values) throw new Error(`The security sweep can't fill ${segment} in ${path}: add '${key}' to PARAMETER_VALUES in src/server/security/sweep.ts.`)
    paths = paths.flatMap((p) => values(owner).map((v) => `${p}/${v}`))
  }
  return paths
}

/**
 * A body each route accepts, so that the answer comes from the route itself and not from validation. A route that
 * needs a body and is missing here gets a 400 in the sweep, and the sweep fails until it is added.
 */
export const VALID_BODIES: Record<string, (actor: { email: string }) => unknown> = {
  'POST /api/profile/onboarding': () => ({ onboarding: null, path: 'calm' }),
  'PUT /api/profile/name': () => ({ name: 'Sam' }),
  'POST /api/conversations/:id/messages': () => ({ id: crypto.randomUUID(), content: 'Hello Olo' }),
  'POST /api/weekly/recap': () => ({ timeZone: 'Europe/Paris' }),
  'PATCH /api/weekly/tasks/:id': () => ({ done: true }),
  'PUT /api/journey/path': () => ({ path: 'calm' }),
  'PUT /api/journey/assessment': () => ({ focused: 1, energised: 2, calm: 3 }),
  'POST /api/practices': () => ({ exercise: 1 }),
  'POST /api/practices/:id/complete': () => ({}),
  'POST /api/goals/chats': () => ({ categoryId: 1 }),
  'POST /api/reflections/:entryId': () => ({}),
  'PUT /api/goals/:id/progress': () => ({ currentValue: 99 }),
  'POST /api/speech': () => ({ messageId: crypto.randomUUID() }),
  'DELETE /api/account': (actor) => ({ confirmEmail: actor.email }),
  'POST /api/check-ins': () => ({ id: crypto.randomUUID(), mood: 'okay', at: new Date().toISOString(), timeZone: 'Europe/Paris' }),
  'PATCH /api/check-ins/:id': () => ({ mood: 'awful', note: 'not mine to change' }),
  'POST /api/journal': () => ({ id: crypto.randomUUID(), body: 'A line of my own.', timeZone: 'Europe/Paris' }),
  'PATCH /api/journal/:id': () => ({ title: 'Not mine', body: 'Written over someone else’s entry.' }),
  'PUT /api/reminders': () => ({ ...defaultReminderSettings('Europe/Paris'), recap: { on: true, day: 'sun', time: '18:00' } }),
  'POST /api/reminders/push-subscriptions': () => pushSubscriptionBody(`https://push.example.com/${crypto.randomUUID()}`),
  'PUT /api/safety-plan/lines/:id': () => ({ step: 'people-to-ask', text: 'Written over someone else’s plan', phone: '112', position: 0 }),
}

/** A browser's subscription at `endpoint`, with keys of the right form. */
function pushSubscriptionBody(endpoint: string) {
  return { endpoint, keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) } }
}

/** GET routes that need a query, with one they accept. */
export const VALID_QUERIES: Record<string, string> = {
  '/api/weekly': '?timeZone=Europe%2FParis',
  '/api/check-ins': '?timeZone=Europe%2FParis',
  // The owner's entry holds the marker's words: a search that crossed members would find it.
  '/api/journal/search': '?q=marker',
  '/api/journal/prompt': '?timeZone=Europe%2FParis',
  '/api/reminders': '?timeZone=Europe%2FParis',
  // This month and year, which hold the owner's check-in, practice and journal entry.
  '/api/calendar': `?month=${new Date().toISOString().slice(0, 7)}&timeZone=Europe%2FParis`,
  '/api/calendar/year': `?year=${new Date().getUTCFullYear()}&timeZone=Europe%2FParis`,
  '/api/stats': '?range=year&timeZone=Europe%2FParis',
}

export function bodyFor(method: string, path: string, actor: { email: string }) {
  return VALID_BODIES[`${method} ${path}`]?.(actor)
}
