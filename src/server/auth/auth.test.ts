import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { AUTH_MESSAGES, COMMON_PASSWORD_MESSAGE } from '~/core/auth'
import { profiles, session, user } from '~/server/db/schema'
import { APP_URL, createTestServer, json, signedInAs, TEST_PASSWORD } from '../../../tests/support/server'

const server = await createTestServer()
let counter = 0
const freshEmail = () => `newcomer${++counter}@example.com`
const freshClient = () => server.client(`198.51.100.${++counter}`)
const PASSWORD = TEST_PASSWORD
const { lastMailTo, follow, signUpConfirmed, signedInClient } = server

describe('sign-up, confirmation and sign-in', () => {
  it('takes a newcomer from sign-up through the mailed link to a session with a profile', async () => {
    const client = freshClient()
    const email = freshEmail()

    const signUp = await client.post('/api/auth/sign-up/email', { email, password: PASSWORD, callbackURL: '/auth/heart?verified=1' })
    expect(signUp.status).toBe(200)
    expect(await signedInAs(client.request('/api/session'))).toBeNull()

    const mail = lastMailTo(email)
    expect(mail.subject).toBe('Confirm your email for Lumin')
    const verified = await follow(client, mail.link!)
    expect(verified.status).toBe(302)
    expect(verified.location).toBe('/auth/heart?verified=1')

    const signIn = await client.post('/api/auth/sign-in/email', { email, password: PASSWORD })
    expect(signIn.status).toBe(200)
    const cookie = signIn.headers.getSetCookie().join('\n')
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)

    const session = await json<{ user: { email: string; name: string } }>(await client.request('/api/session'))
    expect(session.user).toMatchObject({ email, name: email.split('@')[0] })
    const [row] = await server.database.db.select().from(user).where(eq(user.email, email))
    const [profile] = await server.database.db.select().from(profiles).where(eq(profiles.id, row!.id))
    expect(profile).toMatchObject({ luminPoints: 0, consciousnessLevel: 1, selectedPath: null, assessmentScore1: null })
  })

  it('refuses sign-in before the email is confirmed, with the code the screen turns into SPEC’s message', async () => {
    const client = freshClient()
    const email = freshEmail()
    await client.post('/api/auth/sign-up/email', { email, password: PASSWORD })
    const response = await client.post('/api/auth/sign-in/email', { email, password: PASSWORD })
    expect(response.status).toBe(403)
    expect(await json(response)).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' })
    expect(AUTH_MESSAGES.emailNotConfirmed).toContain('check your email inbox')
  })

  it('answers a wrong password as invalid credentials, which the screen follows with a sign-up', async () => {
    const client = freshClient()
    const email = freshEmail()
    await signUpConfirmed(client, email)
    const response = await client.post('/api/auth/sign-in/email', { email, password: 'not-the-password' })
    expect(response.status).toBe(401)
    expect(await json(response)).toMatchObject({ code: 'INVALID_EMAIL_OR_PASSWORD' })
  })

  it('treats a sign-up with a taken address like a new one on screen, and mails the owner instead', async () => {
    const email = freshEmail()
    await signUpConfirmed(freshClient(), email)
    const mailsBefore = server.mails.length

    const stranger = freshClient()
    const repeat = await stranger.post('/api/auth/sign-up/email', { email, password: 'another-long-phrase' })
    const fresh = await stranger.post('/api/auth/sign-up/email', { email: freshEmail(), password: 'another-long-phrase' })
    expect(repeat.status).toBe(fresh.status)
    const [a, b] = [await json<{ user: object; token: null }>(repeat), await json<{ user: object; token: null }>(fresh)]
    expect(Object.keys(a).sort()).toEqual(Object.keys(b).sort())
    expect(Object.keys(a.user).sort()).toEqual(Object.keys(b.user).sort())

    const mail = server.mails.slice(mailsBefore).find((m) => m.to === email)!
    expect(mail.subject).toBe('You already have a Lumin account')
    expect(mail.text).toContain(`${APP_URL}/auth/login`)
    expect(mail.text).toContain(`${APP_URL}/auth/forgot-password?email=`)
  })

  it('resets a forgotten password by mail, ending the old sessions', async () => {
    const { client, email } = await signedInClient()

    const other = freshClient()
    expect((await other.post('/api/auth/request-password-reset', { email, redirectTo: '/auth/reset-password' })).status).toBe(200)
    const mail = lastMailTo(email)
    expect(mail.subject).toBe('Reset your Lumin password')
    const { location } = await follow(other, mail.link!)
    const token = new URL(location!, APP_URL).searchParams.get('token')
    expect(new URL(location!, APP_URL).pathname).toBe('/auth/reset-password')

    expect((await other.post('/api/auth/reset-password', { token, newPassword: 'password' })).status).toBe(400)
    expect((await other.post('/api/auth/reset-password', { token, newPassword: 'a-brand-new-phrase' })).status).toBe(200)
    expect(await signedInAs(client.request('/api/session'))).toBeNull()
    expect((await other.post('/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(401)
    expect((await other.post('/api/auth/sign-in/email', { email, password: 'a-brand-new-phrase' })).status).toBe(200)
  })

  it('ends a session older than the 30-day absolute lifetime, however recently it slid', async () => {
    const { client, email } = await signedInClient()
    expect(await signedInAs(client.request('/api/session'))).not.toBeNull()
    const [row] = await server.database.db.select().from(user).where(eq(user.email, email))
    await server.database.db
      .update(session)
      .set({ createdAt: new Date(Date.now() - 31 * 24 * 60 * 60 * 1000) })
      .where(eq(session.userId, row!.id))
    // A screen that needs the member says why they must sign in again; the session itself is gone.
    const refused = await client.request('/api/profile')
    expect(refused.status).toBe(401)
    expect((await json<{ error: { message: string } }>(refused)).error.message).toBe('Your session has ended. Please sign in again.')
    expect(await signedInAs(client.request('/api/session'))).toBeNull()
    expect(await server.database.db.select().from(session).where(eq(session.userId, row!.id))).toHaveLength(0)
  })

  it('signs out on the server', async () => {
    const { client } = await signedInClient()
    expect(await signedInAs(client.request('/api/session'))).not.toBeNull()
    expect((await client.post('/api/auth/sign-out', {})).status).toBe(200)
    expect(await signedInAs(client.request('/api/session'))).toBeNull()
  })
})

describe('password rules', () => {
  it.each([
    ['short', 'abc123', 'at least 8 characters'],
    ['too long', 'x'.repeat(129), 'at most 128 characters'],
    ['common', 'password1', COMMON_PASSWORD_MESSAGE],
    ['common in capitals', 'BASEBALL', COMMON_PASSWORD_MESSAGE],
  ])('refuses a %s password with a clear message and creates no account', async (_, password, message) => {
    const email = freshEmail()
    const response = await freshClient().post('/api/auth/sign-up/email', { email, password })
    expect(response.status).toBe(400)
    expect((await json<{ message: string }>(response)).message).toContain(message)
    expect(await server.database.db.select().from(user).where(eq(user.email, email))).toHaveLength(0)
  })
})

describe('bad input', () => {
  it.each([
    ['no email', { password: PASSWORD }],
    ['a malformed email', { email: 'not-an-email', password: PASSWORD }],
    ['no password', { email: 'someone@example.com' }],
  ])('answers a sign-up with %s with 400 and a message', async (_, body) => {
    const response = await freshClient().post('/api/auth/sign-up/email', body)
    expect(response.status).toBe(400)
    expect((await json<{ message: string }>(response)).message).toBeTruthy()
  })

  it('answers a body that is not JSON with 400', async () => {
    const response = await freshClient().request('/api/auth/sign-in/email', { method: 'POST', body: '{nope', headers: { 'content-type': 'application/json' } })
    expect(response.status).toBe(400)
  })
})

describe('rate limits', () => {
  it('lets five sign-in attempts per minute through for one address, then answers 429 with Retry-After', async () => {
    const email = freshEmail()
    const statuses = []
    for (let i = 0; i < 7; i++) statuses.push((await server.client(`192.0.2.${i}`).post('/api/auth/sign-in/email', { email, password: 'wrong-password' })).status)
    expect(statuses.slice(0, 5).every((s) => s === 401)).toBe(true)
    expect(statuses.slice(5)).toEqual([429, 429])
    const limited = await server.client('192.0.2.99').post('/api/auth/sign-in/email', { email, password: 'wrong-password' })
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it('limits one client address across many email addresses', async () => {
    const client = freshClient()
    const statuses = []
    for (let i = 0; i < 6; i++) statuses.push((await client.post('/api/auth/sign-in/email', { email: freshEmail(), password: 'wrong-password' })).status)
    expect(statuses.at(-1)).toBe(429)
    const body = await json<{ error: { code: string; message: string } }>(
      await client.post('/api/auth/sign-in/email', { email: freshEmail(), password: 'wrong-password' }),
    )
    expect(body.error.code).toBe('RATE_LIMITED')
  })

  it('lets exactly five of twenty concurrent attempts through', async () => {
    const email = freshEmail()
    const client = freshClient()
    const responses = await Promise.all(Array.from({ length: 20 }, () => client.post('/api/auth/sign-in/email', { email, password: 'wrong-password' })))
    const passed = responses.filter((r) => r.status !== 429)
    expect(passed).toHaveLength(5)
  })
})

describe('Google sign-in', () => {
  it('is reported as unavailable without its keys', async () => {
    expect(await json(await freshClient().request('/api/config'))).toMatchObject({ google: false })
  })

  it('redirects to Google with the client id and a callback under APP_URL when configured', async () => {
    const google = await createTestServer({ GOOGLE_CLIENT_ID: 'lumin-client-id.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: 'lumin-client-secret' })
    const client = google.client()
    expect(await json(await client.request('/api/config'))).toMatchObject({ google: true })
    const response = await client.post('/api/auth/sign-in/social', { provider: 'google', callbackURL: '/weekly-dashboard' })
    expect(response.status).toBe(200)
    const url = new URL((await json<{ url: string }>(response)).url)
    expect(url.hostname).toBe('accounts.google.com')
    expect(url.searchParams.get('client_id')).toBe('lumin-client-id.apps.googleusercontent.com')
    expect(url.searchParams.get('redirect_uri')).toBe(`${APP_URL}/api/auth/callback/google`)
  })
})
