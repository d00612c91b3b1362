import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { COMMON_PASSWORD_MESSAGE } from '~/core/auth'
import { LIMITS } from '~/core/limits'
import { account, user } from '~/server/db/schema'
import { createTestServer, json, signedInAs, TEST_PASSWORD, type TestClient } from '~test/support/server'
import { errorBody } from '~test/support/test-client'

const server = await createTestServer()
let counter = 0
const freshEmail = () => `enter${++counter}@example.com`
const freshClient = () => server.client(`198.51.100.${++counter}`)
const enter = (client: TestClient, body: Record<string, unknown>) => client.post('/api/auth/enter', { callbackURL: '/auth/mind?verified=1', ...body })
const outcomeOf = async (response: Response) => (await json<{ outcome: string }>(response)).outcome
const accountsFor = (email: string) => server.database.db.select().from(user).where(eq(user.email, email))
const mailsTo = async (email: string) => {
  await server.mailSettled()
  return server.mails.filter((m) => m.to === email)
}

describe('the sign-in form’s one request', () => {
  it('signs a confirmed member in, with the session cookie sign-in sets', async () => {
    const email = freshEmail()
    await server.signUpConfirmed(freshClient(), email)
    const client = freshClient()
    const response = await enter(client, { email, password: TEST_PASSWORD })
    expect(response.status).toBe(200)
    expect(await outcomeOf(response)).toBe('signed-in')
    const cookie = response.headers.getSetCookie().join('\n')
    expect(cookie).toMatch(/better-auth\.session_token=/)
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)
    expect((await signedInAs(client.api.session.$get()))?.email).toBe(email)
  })

  it('signs a newcomer up when the age box is ticked: 200, the confirmation mail, and no session', async () => {
    const email = freshEmail()
    const client = freshClient()
    const response = await enter(client, { email, password: TEST_PASSWORD, ageConfirmed: true })
    expect(response.status).toBe(200)
    expect(await outcomeOf(response)).toBe('check-inbox')
    // No session; only the mark that this browser signed up, sent with the confirmation alone (docs/decisions/0056).
    const [mark, ...others] = response.headers.getSetCookie()
    expect(others).toEqual([])
    expect(mark).toMatch(/^lumin\.signed_up_here=[\w-]{43}; Max-Age=86400; Path=\/api\/auth\/verify-email; HttpOnly; SameSite=Lax$/)
    expect(await accountsFor(email)).toHaveLength(1)
    const [mail] = await mailsTo(email)
    expect(mail?.subject).toBe('Confirm your email for Lumin')
    expect(new URL(mail!.link!).searchParams.get('callbackURL')).toBe('/auth/mind?verified=1')
    expect(await signedInAs(client.api.session.$get())).toBeNull()
  })

  it('tries no sign-up without the age box: no account, no mail, and the screen asks for the box', async () => {
    const email = freshEmail()
    for (const confirmation of [{}, { ageConfirmed: false }]) {
      const response = await enter(freshClient(), { email, password: TEST_PASSWORD, ...confirmation })
      expect(response.status).toBe(200)
      expect(await outcomeOf(response)).toBe('age-needed')
    }
    expect(await accountsFor(email)).toHaveLength(0)
    expect(await mailsTo(email)).toHaveLength(0)
  })

  it('says an unconfirmed address must be confirmed when its password is right', async () => {
    const email = freshEmail()
    await enter(freshClient(), { email, password: TEST_PASSWORD, ageConfirmed: true })
    const response = await enter(freshClient(), { email, password: TEST_PASSWORD, ageConfirmed: true })
    expect(response.status).toBe(200)
    expect(await outcomeOf(response)).toBe('email-not-confirmed')
    expect(await accountsFor(email)).toHaveLength(1)
  })

  it('answers a wrong password for a member exactly as a newcomer’s sign-up, and mails the owner that the account exists', async () => {
    const email = freshEmail()
    await server.signUpConfirmed(freshClient(), email)
    const mailsBefore = (await mailsTo(email)).length
    const stranger = freshClient()
    const member = await enter(stranger, { email, password: 'another-long-phrase', ageConfirmed: true })
    const newcomer = await enter(stranger, { email: freshEmail(), password: 'another-long-phrase', ageConfirmed: true })
    expect([member.status, newcomer.status]).toEqual([200, 200])
    const [memberAnswer, newcomerAnswer] = [await member.json(), await newcomer.json()]
    expect(memberAnswer).toEqual({ outcome: 'check-inbox' })
    expect(newcomerAnswer).toEqual(memberAnswer)
    expect([...member.headers.keys()].sort()).toEqual([...newcomer.headers.keys()].sort())

    const mails = (await mailsTo(email)).slice(mailsBefore)
    expect(mails.map((m) => m.subject)).toEqual(['You already have a Lumin account'])
    expect(await accountsFor(email)).toHaveLength(1)
  })

  it('passes on a password sign-up refuses, with its message, and makes no account', async () => {
    const email = freshEmail()
    for (const [password, message] of [
      ['short', 'at least 8 characters'],
      ['password1', COMMON_PASSWORD_MESSAGE],
    ] as const) {
      const response = await enter(freshClient(), { email, password, ageConfirmed: true })
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({ code: 'PASSWORD_REJECTED', message: expect.stringContaining(message) })
    }
    expect(await accountsFor(email)).toHaveLength(0)
  })
})

describe('a confirmation signs in only where the sign-up came from (docs/decisions/0056)', () => {
  const confirmedSignsIn = async (signedUp: TestClient, confirmer: TestClient, email: string) => {
    const confirmed = await server.confirm(confirmer, (await server.lastMailTo(email)).link!)
    expect(confirmed.status).toBe(200)
    const { signedIn } = await json<{ signedIn: boolean }>(confirmed)
    expect((await signedInAs(confirmer.api.session.$get()))?.email ?? null).toBe(signedIn ? email : null)
    return signedIn
  }

  it('signs the member in in the browser that sent the sign-up, once, and their password then counts as used', async () => {
    const email = freshEmail()
    const client = freshClient()
    await enter(client, { email, password: TEST_PASSWORD, ageConfirmed: true })
    expect(await confirmedSignsIn(client, client, email)).toBe(true)
    expect(client.cookies.get('lumin.signed_up_here')).toBeUndefined()
    const [credential] = await server.database.db.select().from(account).innerJoin(user, eq(user.id, account.userId)).where(eq(user.email, email))
    expect(credential?.account.passwordSignedInAt).toBeInstanceOf(Date)
    // The link pressed again confirms nothing more and makes no second session.
    const again = await server.confirm(client, (await server.lastMailTo(email)).link!)
    expect(await json<{ signedIn: boolean }>(again)).toMatchObject({ signedIn: false })
  })

  it('also after the right password asked for the mail again', async () => {
    const email = freshEmail()
    await enter(freshClient(), { email, password: TEST_PASSWORD, ageConfirmed: true })
    const later = freshClient()
    expect(await outcomeOf(await enter(later, { email, password: TEST_PASSWORD }))).toBe('email-not-confirmed')
    expect(await confirmedSignsIn(later, later, email)).toBe(true)
  })

  it('only confirms in another browser, or in the one that signed up after the address had an account', async () => {
    const email = freshEmail()
    await enter(freshClient(), { email, password: TEST_PASSWORD, ageConfirmed: true })
    expect(await confirmedSignsIn(freshClient(), freshClient(), email)).toBe(false)

    // An account someone else made in the owner's name: the owner's own sign-up gets a mark that matches nothing.
    const victim = freshEmail()
    await enter(freshClient(), { email: victim, password: 'someone-elses-phrase', ageConfirmed: true })
    const owner = freshClient()
    const answer = await enter(owner, { email: victim, password: TEST_PASSWORD, ageConfirmed: true })
    expect(await outcomeOf(answer)).toBe('check-inbox')
    expect(answer.headers.getSetCookie()[0]).toMatch(/^lumin\.signed_up_here=[\w-]{43};/)
    const link = server.mails.filter((m) => m.to === victim && m.subject === 'Confirm your email for Lumin').at(0)!.link!
    const confirmed = await server.confirm(owner, link)
    expect(await json<{ signedIn: boolean }>(confirmed)).toMatchObject({ signedIn: false })
    expect(await signedInAs(owner.api.session.$get())).toBeNull()
  })
})

describe('what the one request lets a stranger do', () => {
  it(`counts wrong passwords as sign-in does: ${LIMITS.signInFreeFailures} from one place, then 429 with Retry-After`, async () => {
    const email = freshEmail()
    await server.signUpConfirmed(freshClient(), email)
    const guesser = freshClient()
    const statuses = []
    for (let i = 0; i <= LIMITS.signInFreeFailures; i++) statuses.push((await enter(guesser, { email, password: `wrong-password-${i}` })).status)
    expect(statuses).toEqual([...Array<number>(LIMITS.signInFreeFailures).fill(200), 429])
    const held = await enter(guesser, { email, password: TEST_PASSWORD })
    expect(held.status).toBe(429)
    expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(50)
    expect((await errorBody(held)).error.code).toBe('RATE_LIMITED')
    // Each try counted once, and against that place only: the owner signs in from elsewhere.
    expect(await outcomeOf(await enter(freshClient(), { email, password: TEST_PASSWORD }))).toBe('signed-in')
  })

  it('refuses a body that is not the form’s with 400 in the API’s error shape, and makes no account', async () => {
    const email = freshEmail()
    const notJson = await freshClient().request('/api/auth/enter', { method: 'POST', body: '{nope', headers: { 'content-type': 'application/json' } })
    expect(notJson.status).toBe(400)
    for (const body of [{ password: TEST_PASSWORD }, { email, password: 42 }, { email, password: TEST_PASSWORD, ageConfirmed: 'yes' }]) {
      const response = await freshClient().post('/api/auth/enter', body)
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({ error: { code: 'BAD_REQUEST', message: expect.any(String) } })
    }
    const extra = await enter(freshClient(), { email, password: TEST_PASSWORD, ageConfirmed: true, name: 'Someone', emailVerified: true })
    expect(extra.status).toBe(400)
    expect(await extra.json()).toEqual({ error: { code: 'BAD_REQUEST', message: "name, emailVerified can't be set at sign-in." } })
    expect(await accountsFor(email)).toHaveLength(0)
  })
})

const production = await createTestServer({ NODE_ENV: 'production', APP_URL: 'https://lumin.example', SMTP_URL: 'smtp://mail.example:587' })

// Four answers held to the 600 ms floor, after a sign-up: the floor is a lower bound, which a busy machine can only
// confirm, and the limit leaves room for the machine.
describe('the one request in production', { timeout: 90_000 }, () => {
  it('takes at least the even time whenever no account matched, so its time does not tell a member’s address from a stranger’s', async () => {
    const email = 'timed-member@example.com'
    await production.signUpConfirmed(production.client('192.0.2.90'), email)
    for (const body of [
      { email, password: 'another-long-phrase', ageConfirmed: true },
      { email: 'timed-newcomer@example.com', password: 'another-long-phrase', ageConfirmed: true },
      { email, password: 'another-long-phrase' },
      { email: 'timed-stranger@example.com', password: 'another-long-phrase' },
    ]) {
      const started = performance.now()
      const response = await production.client('192.0.2.91').post('/api/auth/enter', body)
      expect(response.status).toBe(200)
      expect(performance.now() - started).toBeGreaterThanOrEqual(595)
    }
  })
})
