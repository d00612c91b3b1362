import { count, eq, getTableName, is, sql } from 'drizzle-orm'
import { getTableConfig, PgTable, type PgColumn } from 'drizzle-orm/pg-core'
import { afterAll, describe, expect, it } from 'vitest'
import type { OnboardingData } from '~/core/onboarding-request'
import { defaultReminderSettings } from '~/core/reminders'
import * as schema from '~/server/db/schema'
import { say } from '~test/support/chat'
import { startFakeVoice } from '~test/support/fake-voice'
import { createTestServer, signedInAs, TEST_PASSWORD, type TestClient } from '~test/support/server'
import { errorBody, okBody } from '~test/support/test-client'

// A server voice, so that Olo's lines are recorded for the person who heard them.
const voice = await startFakeVoice()
afterAll(() => voice.close())
const server = await createTestServer({ TTS_PROVIDER: 'elevenlabs', TTS_BASE_URL: voice.url, TTS_API_KEY: 'test-key' })
const { db } = server.database

// ── The schema, read at test time: a table added later is checked without touching this file ─────────────────

const TABLES = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable))

/** The column that names a row's owner: `user.id`, a `user_id` column, or any other column referencing `user`. */
function ownerColumn(table: PgTable): PgColumn | null {
  const config = getTableConfig(table)
  if (table === schema.user) return config.columns.find((column) => column.name === 'id')!
  const byName = config.columns.find((column) => column.name === 'user_id')
  if (byName) return byName
  const reference = config.foreignKeys.map((key) => key.reference()).find((ref) => ref.foreignTable === schema.user)
  return reference?.columns[0] ?? null
}

/** Every user-owned table with its owner column, by table name. */
const OWNED = TABLES.flatMap((table) => {
  const owner = ownerColumn(table)
  return owner ? [{ name: getTableName(table), table, owner }] : []
})

async function rowsOf(userId: string) {
  const counts: Record<string, number> = {}
  for (const { name, table, owner } of OWNED) {
    const [row] = await db.select({ n: count() }).from(table).where(eq(owner, userId))
    counts[name] = row!.n
  }
  return counts
}

/** Rows of any table, owned or not, whose text mentions the person's id or email address. */
async function rowsMentioning(id: string, email: string) {
  const found: Record<string, number> = {}
  for (const table of TABLES) {
    const [row] = await db
      .select({ n: count() })
      .from(table)
      .where(sql`strpos(${table}::text, ${id}) > 0 or strpos(lower(${table}::text), ${email.toLowerCase()}) > 0`)
    if (row!.n > 0) found[getTableName(table)] = row!.n
  }
  return found
}

// ── People with a life in Lumin ─────────────────────────────────────────────────────────────────────────────────

/** The session cookie a browser would send, taken from a sign-in's answer. */
function cookieFrom(response: Response) {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ')
}

/** A confirmed person signed in on two devices; `cookie` is the first device's session as sent before any change. */
async function member(label: string) {
  const phone = server.client()
  const laptop = server.client()
  const email = `${label}-${Math.random().toString(36).slice(2, 8)}@example.com`
  await server.signUpConfirmed(phone, email)
  const signIn = await phone.post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD })
  expect(signIn.status).toBe(200)
  expect((await laptop.post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD })).status).toBe(200)
  const user = (await okBody(phone.api.session.$get())).user!
  return { client: phone, laptop, email, id: user.id, cookie: cookieFrom(signIn) }
}

async function chatUntil(client: TestClient, conversationId: string, status: string, answers: string[]) {
  for (const answer of answers) {
    const reply = await say(client, conversationId, answer)
    if (reply.done?.status === status) return
  }
  throw new Error(`the chat did not reach ${status}`)
}

/**
 * Goes through every journey, so that each of the person's tables holds a row: onboarding, a practice with Olo's
 * opening heard aloud, the weekly home (its orbs kept as the week's snapshot), a recap, a goal with a badge and its
 * progress history.
 */
async function liveALittle(client: TestClient, email: string) {
  const onboarding: OnboardingData = { rankedDimensions: ['body', 'mind', 'heart'], selectedFocus: 'energy', completedAt: new Date().toISOString() }
  expect((await client.api.profile.onboarding.$post({ json: { onboarding, path: 'energy' } })).status).toBe(200)
  await okBody(client.api.account.preferences.$put({ json: { helpCountry: 'IE' } }))

  const { practice } = await okBody(client.api.practices.$post({ json: { exercise: 'next' } }))
  const { messages } = await okBody(client.api.conversations[':id'].$get({ param: { id: practice.conversationId! } }))
  expect((await client.api.speech.$post({ json: { messageId: messages[0]!.id } })).status).toBe(200)
  await chatUntil(client, practice.conversationId!, 'finished', ['I want to walk to the river and back', 'yes', 'yes'])
  expect((await client.api.practices[':id'].complete.$post({ param: { id: practice.id }, json: { steps: 4200 } })).status).toBe(200)

  await okBody(client.api.weekly.$get({ query: { timeZone: 'Europe/Paris' } }))
  const { recap } = await okBody(client.api.weekly.recap.$post({ json: { timeZone: 'Europe/Paris' } }))
  await chatUntil(client, recap.conversationId, 'finished', [
    'Busy at work, but I went running twice and slept well.',
    'I would say a 7 out of 10',
    'My body, the runs helped a lot',
    'I want to focus on my health and sleep next week',
  ])

  const { categories } = await okBody(client.api.goals.categories.$get())
  const started = await okBody(client.api.goals.chats.$post({ json: { categoryId: categories.find((c) => c.name === 'Health & Fitness')!.id } }))
  await chatUntil(client, started.conversationId, 'goal_created', ['I want to run 100 km in 3 months', 'yes', 'yes'])
  const { goal } = await okBody(client.api.goals.chats[':conversationId'].$get({ param: { conversationId: started.conversationId } }))
  // 30 % earns Bronze, and with it the Bronze badge.
  expect((await client.api.goals[':id'].progress.$put({ param: { id: goal.id }, json: { currentValue: 30 } })).status).toBe(200)

  // A check-in, and a journal entry talked over with Olo.
  const at = new Date().toISOString()
  const checkIn = { id: crypto.randomUUID(), mood: 'good', emotions: ['calm'], dimensions: ['body'], note: 'A run by the river.', at, timeZone: 'Europe/Paris' } as const
  expect((await client.api['check-ins'].$post({ json: { ...checkIn, emotions: [...checkIn.emotions], dimensions: [...checkIn.dimensions] } })).status).toBe(201)
  const { entry } = await okBody(client.api.journal.$post({ json: { id: crypto.randomUUID(), title: 'The river', body: 'I ran to the river and felt calm and proud.', timeZone: 'Europe/Paris' } }))
  const { reflection } = await okBody(client.api.reflections[':entryId'].$post({ param: { entryId: entry.id } }))
  await chatUntil(client, reflection.conversation!.id, 'finished', ['Proud, because I kept going', 'That I can do hard things', 'Nothing more, thank you', 'Thanks'])

  // Reminders chosen, a device they reach, and one reminder sent, its row written as the scheduler writes it.
  await okBody(client.api.reminders.$put({ json: { ...defaultReminderSettings('Europe/Paris'), checkIn: { on: true, time: '09:00' } } }))
  const keys = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) }
  await okBody(client.api.reminders['push-subscriptions'].$post({ json: { endpoint: `https://push.example.com/${crypto.randomUUID()}`, keys } }))
  const { user } = await okBody(client.api.session.$get())
  await db.insert(schema.reminderSends).values({ userId: user!.id, kind: 'check-in', localDate: '2026-11-23' })

  // A safety plan of their own: a person to call.
  const planLine = { step: 'people-to-ask', text: 'My brother Tom', phone: '+44 7700 900123', position: 0 } as const
  expect((await client.api['safety-plan'].lines[':id'].$put({ param: { id: crypto.randomUUID() }, json: planLine })).status).toBe(201)

  // A pending password reset: a row keyed by the person without a foreign key.
  expect((await server.client().post('/api/auth/request-password-reset', { email, redirectTo: '/auth/reset-password' })).status).toBe(200)
}

type Export = { exportedAt: string; tables: Record<string, Record<string, unknown>[]> }

describe('GET /api/account/export', () => {
  it('needs a session', async () => {
    expect((await server.client().request('/api/account/export')).status).toBe(401)
  })

  it('gives every row of every table the person owns, and nobody else’s, as a dated JSON file', async () => {
    const me = await member('export')
    const other = await member('neighbour')
    await liveALittle(me.client, me.email)
    await liveALittle(other.client, other.email)

    const mine = await rowsOf(me.id)
    const empty = Object.keys(mine).filter((name) => mine[name] === 0)
    // A new user-owned table needs a row here, so that its export is checked too.
    expect(empty, 'user-owned tables liveALittle leaves empty').toEqual([])

    const response = await me.client.api.account.export.$get()
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const text = await response.text()
    const data = JSON.parse(text) as Export
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="lumin-data-${data.exportedAt.slice(0, 10)}.json"`)
    expect(Math.abs(Date.parse(data.exportedAt) - Date.now())).toBeLessThan(60_000)
    // Meant to be read: indented.
    expect(text).toContain('\n  "tables": {')

    // Every user-owned table of the schema, with exactly this person's rows.
    const exported = Object.fromEntries(Object.entries(data.tables).map(([name, rows]) => [name, rows.length]))
    expect(exported).toEqual(mine)

    expect(data.tables.user).toEqual([expect.objectContaining({ id: me.id, email: me.email, emailVerified: true })])
    expect(data.tables.profiles![0]).toMatchObject({ id: me.id, selectedPath: 'energy', selectedFocus: 'energy', rankedDimensions: ['body', 'mind', 'heart'], helpCountry: 'IE' })
    expect(data.tables.messages!.map((m) => m.content)).toContain('I want to run 100 km in 3 months')
    expect(data.tables.user_attributes).toContainEqual(expect.objectContaining({ attributeKey: 'step_quest_count', attributeValue: '4200' }))
    expect(data.tables.badges![0]!.svg).toMatch(/^<svg/)
    expect(data.tables.goal_progress_updates).toEqual([expect.objectContaining({ currentValue: 30, progress: 30 })])
    expect(data.tables.dimension_snapshots).toEqual([expect.objectContaining({ weekStart: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), scores: expect.objectContaining({ body: expect.any(Number) }) })])
    // An achievement keeps how many members its percentile was counted among (decision 0019).
    expect(data.tables.achievements![0]).toMatchObject({ tier: expect.any(String), percentile: expect.any(Number), cohort: expect.any(Number) })
    expect(data.tables.safety_plan_lines).toEqual([expect.objectContaining({ step: 'people-to-ask', text: 'My brother Tom', phone: '+44 7700 900123', userId: me.id })])
    expect(data.tables.user![0]!.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)

    // Secrets stay out: provider ids only for accounts, no session tokens, no password hash anywhere.
    expect(data.tables.account).toEqual([{ providerId: 'credential', createdAt: expect.any(String), updatedAt: expect.any(String) }])
    expect(data.tables.session).toHaveLength(2)
    for (const session of data.tables.session!) expect(Object.keys(session).sort()).toEqual(['createdAt', 'expiresAt', 'ipAddress', 'updatedAt', 'userAgent'])
    const [{ password }] = (await db.select({ password: schema.account.password }).from(schema.account).where(eq(schema.account.userId, me.id))) as [{ password: string }]
    const tokens = await db.select({ token: schema.session.token }).from(schema.session).where(eq(schema.session.userId, me.id))
    for (const secret of [password, ...tokens.map((t) => t.token)]) expect(text).not.toContain(secret)

    expect(text).not.toContain(other.id)
    expect(text).not.toContain(other.email)
  })
})

describe('Help where you live (PUT /api/account/preferences)', () => {
  const put = (client: TestClient, body: unknown) => client.request('/api/account/preferences', { method: 'PUT', json: body })

  it('is null until the member chooses, then one of the table’s countries, and null again to go by the browser', async () => {
    const { client } = await member('help-country')
    expect(await okBody(client.api.account.preferences.$get())).toMatchObject({ helpCountry: null })
    expect(await okBody(client.api.account.preferences.$put({ json: { helpCountry: 'ES' } }))).toEqual({ journalInRecap: false, showStreaks: true, helpCountry: 'ES' })
    // Another preference leaves it as it is.
    expect(await okBody(client.api.account.preferences.$put({ json: { showStreaks: false } }))).toMatchObject({ helpCountry: 'ES' })
    expect(await okBody(client.api.account.preferences.$put({ json: { helpCountry: null } }))).toMatchObject({ helpCountry: null })
  })

  it('takes only a country the table has helplines for', async () => {
    const { client } = await member('help-country-bad')
    await okBody(client.api.account.preferences.$put({ json: { helpCountry: 'NZ' } }))
    for (const helpCountry of ['XX', 'gb', 'United Kingdom', '', 12, ['GB'], { code: 'GB' }]) {
      const response = await put(client, { helpCountry })
      expect(response.status, JSON.stringify(helpCountry)).toBe(400)
      expect((await errorBody(response)).error.code).toBe('BAD_REQUEST')
    }
    expect(await okBody(client.api.account.preferences.$get())).toMatchObject({ helpCountry: 'NZ' })
  })

  it('is each member’s own: a change by one is never another’s', async () => {
    const me = await member('help-mine')
    const other = await member('help-theirs')
    await okBody(other.client.api.account.preferences.$put({ json: { helpCountry: 'BR' } }))
    await okBody(me.client.api.account.preferences.$put({ json: { helpCountry: 'PT' } }))
    expect(await okBody(other.client.api.account.preferences.$get())).toMatchObject({ helpCountry: 'BR' })
    const rows = await db.select({ id: schema.profiles.id, helpCountry: schema.profiles.helpCountry }).from(schema.profiles).where(sql`${schema.profiles.id} in (${me.id}, ${other.id})`)
    expect(Object.fromEntries(rows.map((row) => [row.id, row.helpCountry]))).toEqual({ [me.id]: 'PT', [other.id]: 'BR' })
    expect((await server.client().request('/api/account/preferences', { method: 'PUT', json: { helpCountry: 'GB' } })).status).toBe(401)
  })
})

describe('DELETE /api/account', () => {
  const remove = (client: TestClient, body: unknown) => client.request('/api/account', { method: 'DELETE', json: body })

  it('needs a session and the account’s own email address, and changes nothing otherwise', async () => {
    expect((await remove(server.client(), { confirmEmail: 'someone@example.com' })).status).toBe(401)

    const me = await member('careful')
    const missing = await remove(me.client, {})
    expect(missing.status).toBe(400)
    expect((await errorBody(missing)).error.message).toBe('confirmEmail: Type your email address to confirm.')
    const wrong = await remove(me.client, { confirmEmail: 'careful@example.org' })
    expect(wrong.status).toBe(400)
    expect((await errorBody(wrong)).error.message).toBe('That is not the email address of this account. Type it exactly to confirm.')
    expect(await signedInAs(me.client.api.session.$get())).not.toBeNull()
    expect((await rowsOf(me.id)).user).toBe(1)
  })

  it('deletes the person and everything they own at once, ends every session, and leaves others untouched', async () => {
    const me = await member('leaving')
    const other = await member('staying')
    await liveALittle(me.client, me.email)
    await liveALittle(other.client, other.email)
    const othersBefore = await rowsOf(other.id)
    const otherExportBefore = JSON.parse(await (await other.client.api.account.export.$get()).text()) as Export

    // The address as a person might type it.
    const response = await remove(me.client, { confirmEmail: `  ${me.email.toUpperCase()} ` })
    expect(response.status).toBe(204)
    // This browser's session cookie is cleared.
    expect(response.headers.getSetCookie().some((cookie) => /^better-auth\.session_token=;/.test(cookie) && /max-age=0/i.test(cookie))).toBe(true)

    // No row anywhere names them any more: not their own tables, not rate limits, not reset tokens, not queued jobs.
    expect(await rowsMentioning(me.id, me.email)).toEqual({})
    const { rows: jobs } = await server.database.execute(`select name from pgboss.job where strpos(data::text, $1) > 0 or strpos(data::text, $2) > 0`, [me.id, me.email.toLowerCase()])
    expect(jobs).toEqual([])
    expect(Object.values(await rowsOf(me.id)).every((n) => n === 0)).toBe(true)

    // The old cookie and the other device are signed out; the password no longer opens anything.
    const oldCookie = { headers: { cookie: me.cookie } }
    expect(await signedInAs(server.client().request('/api/session', oldCookie))).toBeNull()
    expect((await server.client().request('/api/account/export', oldCookie)).status).toBe(401)
    expect(await signedInAs(me.laptop.api.session.$get())).toBeNull()
    expect((await server.client().post('/api/auth/sign-in/email', { email: me.email, password: TEST_PASSWORD })).status).toBe(401)

    expect(await rowsOf(other.id)).toEqual(othersBefore)
    expect(await signedInAs(other.client.api.session.$get())).not.toBeNull()
    const otherExportAfter = JSON.parse(await (await other.client.api.account.export.$get()).text()) as Export
    expect(otherExportAfter.tables).toEqual(otherExportBefore.tables)
  })
})
