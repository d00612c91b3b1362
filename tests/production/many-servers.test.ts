import { readdirSync } from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import { DIMENSIONS } from '~/core/dimensions'
import { LIMITS } from '~/core/limits'
import { GOAL_CATEGORIES } from '~/server/db/content'
import { SCRIPTS } from '~/server/olo/scripts'
import { errorOf, json, newAuthSecret, startLumin, Visitor, type Lumin } from './support/lumin'
import { startMailbox } from './support/mailbox'
import { firstRow, freshDatabase } from './support/postgres'

/**
 * The README's "Deploying": several instances on one PostgreSQL, in production mode, with the same AUTH_SECRET. Each
 * request names its instance, as a round-robin balancer would have chosen it.
 */
const database = await freshDatabase('instances')
const mailbox = await startMailbox()
const env = { NODE_ENV: 'production', AUTH_SECRET: newAuthSecret(), SMTP_URL: mailbox.url, DATABASE_URL: database.url }
let a: Lumin
let b: Lumin
beforeAll(async () => {
  // Both start at once on the empty database: each would migrate it if nothing held the other back.
  ;[a, b] = await Promise.all([startLumin(env), startLumin(env)])
})

describe('two instances starting together on a fresh database', () => {
  it('migrate and seed it once, and both serve', async () => {
    const migrationFiles = readdirSync('src/server/db/migrations').filter((f) => f.endsWith('.sql'))
    const client = await database.connect()
    try {
      const applied = await client.query<{ hash: string }>('select hash from drizzle.__drizzle_migrations')
      expect(applied.rows).toHaveLength(migrationFiles.length)
      expect(new Set(applied.rows.map((r) => r.hash)).size).toBe(migrationFiles.length)
      const counts = await firstRow<Record<string, number>>(
        client,
        `select (select count(*)::int from dimensions) as dimensions,
                (select count(*)::int from conversation_scripts) as scripts,
                (select count(*)::int from goal_categories) as categories`,
      )
      expect(counts).toEqual({ dimensions: DIMENSIONS.length, scripts: SCRIPTS.length, categories: GOAL_CATEGORIES.length })
    } finally {
      await client.end()
    }
    for (const lumin of [a, b]) expect(await json(await fetch(`${lumin.url}/api/health`))).toEqual({ status: 'ok', database: 'postgres' })
  })
})

describe('one user across instances', () => {
  const visitor = new Visitor('198.51.100.10')

  it('keeps a session made on one instance on the other', async () => {
    // Signs up on A, opens the mailed link on B, signs in on A.
    await mailbox.member(visitor, 'ada@example.com', a, b, a)
    for (const lumin of [b, a]) {
      const { user } = await json<{ user: { email: string } }>(await visitor.request(lumin, '/api/session'))
      expect(user.email).toBe('ada@example.com')
    }
  })

  it('continues a conversation begun on one instance on the other', async () => {
    const { categories } = await json<{ categories: { id: number; name: string }[] }>(await visitor.request(b, '/api/goals/categories'))
    const started = await visitor.post(a, '/api/goals/chats', { categoryId: categories.find((c) => c.name === 'Mind & Learning')!.id })
    expect(started.status).toBe(201)
    const { conversationId } = (await started.json()) as { conversationId: string }

    // Each instance answers from the history the other one stored.
    expect((await visitor.say(b, conversationId, "I'd love to read more books")).done).toMatchObject({ status: 'continue', message: { content: expect.stringMatching(/How many books/) } })
    expect((await visitor.say(a, conversationId, 'twelve')).done).toMatchObject({ status: 'continue', message: { content: expect.stringMatching(/^Read 12 books it is\. By when/) } })
    expect((await visitor.say(b, conversationId, 'a year')).done).toMatchObject({ status: 'goal_created' })

    const { goals } = await json<{ goals: { title: string; unit: string; targetValue: number }[] }>(await visitor.request(a, '/api/goals'))
    expect(goals).toEqual([expect.objectContaining({ title: 'Read 12 books', unit: 'books', targetValue: 12 })])
    const conversation = await json<{ status: string; messages: { role: string; content: string }[] }>(await visitor.request(b, `/api/conversations/${conversationId}`))
    expect(conversation.status).toBe('finished')
    expect(conversation.messages.filter((m) => m.role === 'user').map((m) => m.content)).toEqual(["I'd love to read more books", 'twelve', 'a year'])
  })

  it('ends the session on every instance when it is signed out on one', async () => {
    const kept = visitor.copy()
    expect((await visitor.post(a, '/api/auth/sign-out', {})).status).toBe(200)
    // The cookie the browser had, replayed on the other instance, opens nothing.
    for (const lumin of [b, a]) {
      expect((await json<{ user: unknown }>(await kept.request(lumin, '/api/session'))).user).toBeNull()
      const refused = await kept.request(lumin, '/api/profile')
      expect(refused.status).toBe(401)
      expect((await errorOf(refused)).code).toBe('UNAUTHORIZED')
    }
  })
})

describe('the mail queue shared by every instance', () => {
  it('sends each mail once, whichever instance queued it and whichever is free to send it', async () => {
    const addresses = Array.from({ length: 6 }, (_, i) => `queued${i}@example.com`)
    await Promise.all(
      addresses.map((email, i) =>
        new Visitor(`198.51.100.${120 + i}`).post(i % 2 ? a : b, '/api/auth/sign-up/email', { email, password: 'quiet-morning-walks', ageConfirmed: true }),
      ),
    )
    for (const email of addresses) await mailbox.linkFor(email)
    // Time for a second sending, were the instances to take the same job twice.
    await new Promise((resolve) => setTimeout(resolve, 3_000))
    expect(addresses.map(mailbox.countTo)).toEqual(addresses.map(() => 1))
  })
})

describe('rate limits', () => {
  it(`count wrong passwords of all instances together: ${LIMITS.signInFreeFailures} pass, the next is refused on either`, async () => {
    const guesser = new Visitor('198.51.100.66')
    const attempt = (lumin: Lumin) => guesser.post(lumin, '/api/auth/sign-in/email', { email: 'nobody@example.com', password: 'not-the-password' })
    for (let i = 0; i < LIMITS.signInFreeFailures; i++) {
      expect((await attempt(i % 2 === 0 ? a : b)).status).toBe(401)
    }
    for (const lumin of [b, a]) {
      const refused = await attempt(lumin)
      expect(refused.status).toBe(429)
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
      expect((await errorOf(refused)).code).toBe('RATE_LIMITED')
    }
  })
})
