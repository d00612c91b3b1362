import { eq } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { AGE_CONFIRMATION, AUTH_MESSAGES, COMMON_PASSWORD_MESSAGE } from '~/core/auth'
import { LIMITS } from '~/core/limits'
import { account, profiles, session, user } from '~/server/db/schema'
import { hitRateLimit } from '~/server/rate-limit'
import { confirmationPageUrl } from './auth'
import { addressKey, claimSignInAttempt } from './routes'
import { APP_URL, createTestServer, json, signedInAs, TEST_PASSWORD } from '~test/support/server'
import { errorBody, okBody } from '~test/support/test-client'

const server = await createTestServer()
let counter = 0
const freshEmail = () => `newcomer${++counter}@example.com`
const freshClient = () => server.client(`198.51.100.${++counter}`)
const PASSWORD = TEST_PASSWORD
const { lastMailTo, follow, confirm, signUpConfirmed, signedInClient } = server
const signUp = (client: ReturnType<typeof freshClient>, body: Record<string, unknown>) => client.post('/api/auth/sign-up/email', { ageConfirmed: true, ...body })

describe('sign-up, confirmation and sign-in', () => {
  it('takes a newcomer from sign-up through the mailed link to a session with a profile', async () => {
    const client = freshClient()
    const email = freshEmail()

    const answer = await client.post('/api/auth/sign-up/email', { email, password: PASSWORD, callbackURL: '/auth/heart?verified=1', ageConfirmed: true })
    expect(answer.status).toBe(200)
    expect(await signedInAs(client.api.session.$get())).toBeNull()

    const mail = await lastMailTo(email)
    expect(mail.subject).toBe('Confirm your email for Lumin')
    // The link opens the confirmation page, which sends the newcomer on to where they signed up once they confirm.
    const link = new URL(mail.link!)
    expect(link.pathname).toBe('/auth/verify')
    expect(link.searchParams.get('callbackURL')).toBe('/auth/heart?verified=1')
    expect((await confirm(client, mail.link!)).status).toBe(200)

    const signIn = await client.post('/api/auth/sign-in/email', { email, password: PASSWORD })
    expect(signIn.status).toBe(200)
    const cookie = signIn.headers.getSetCookie().join('\n')
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)

    const session = await okBody(client.api.session.$get())
    expect(session.user).toMatchObject({ email, name: email.split('@')[0] })
    const [row] = await server.database.db.select().from(user).where(eq(user.email, email))
    const [profile] = await server.database.db.select().from(profiles).where(eq(profiles.id, row!.id))
    expect(profile).toMatchObject({ luminPoints: 0, consciousnessLevel: 1, selectedPath: null, assessmentScore1: null })
  })

  it('refuses sign-in before the email is confirmed, with the code for the screen’s “check your inbox”', async () => {
    const client = freshClient()
    const email = freshEmail()
    await signUp(client, { email, password: PASSWORD })
    const response = await client.post('/api/auth/sign-in/email', { email, password: PASSWORD })
    expect(response.status).toBe(403)
    expect(await response.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' })
    expect(AUTH_MESSAGES.emailNotConfirmed).toContain('check your email inbox')
  })

  it('answers a wrong password as invalid credentials, which the screen follows with a sign-up', async () => {
    const client = freshClient()
    const email = freshEmail()
    await signUpConfirmed(client, email)
    const response = await client.post('/api/auth/sign-in/email', { email, password: 'not-the-password' })
    expect(response.status).toBe(401)
    expect(await response.json()).toMatchObject({ code: 'INVALID_EMAIL_OR_PASSWORD' })
  })

  it('treats a sign-up with a taken address like a new one on screen, and mails the owner instead', async () => {
    const email = freshEmail()
    await signUpConfirmed(freshClient(), email)
    const mailsBefore = server.mails.length

    const stranger = freshClient()
    const repeat = await signUp(stranger, { email, password: 'another-long-phrase' })
    const fresh = await signUp(stranger, { email: freshEmail(), password: 'another-long-phrase' })
    await server.mailSettled()
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
    const mail = await lastMailTo(email)
    expect(mail.subject).toBe('Reset your Lumin password')
    const { location } = await follow(other, mail.link!)
    const token = new URL(location!, APP_URL).searchParams.get('token')
    expect(new URL(location!, APP_URL).pathname).toBe('/auth/reset-password')

    expect((await other.post('/api/auth/reset-password', { token, newPassword: 'password' })).status).toBe(400)
    expect((await other.post('/api/auth/reset-password', { token, newPassword: 'a-brand-new-phrase' })).status).toBe(200)
    expect(await signedInAs(client.api.session.$get())).toBeNull()
    expect((await other.post('/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(401)
    expect((await other.post('/api/auth/sign-in/email', { email, password: 'a-brand-new-phrase' })).status).toBe(200)
  })

  it('ends a session older than the 30-day absolute lifetime, however recently it slid', async () => {
    const { client, email } = await signedInClient()
    expect(await signedInAs(client.api.session.$get())).not.toBeNull()
    const [row] = await server.database.db.select().from(user).where(eq(user.email, email))
    await server.database.db
      .update(session)
      .set({ createdAt: new Date(Date.now() - 31 * 24 * 60 * 60 * 1000) })
      .where(eq(session.userId, row!.id))
    // A screen that needs the member says why they must sign in again; the session itself is gone.
    const refused = await client.api.profile.$get()
    expect(refused.status).toBe(401)
    expect((await errorBody(refused)).error.message).toBe('Your session has ended. Please sign in again.')
    expect(await signedInAs(client.api.session.$get())).toBeNull()
    expect(await server.database.db.select().from(session).where(eq(session.userId, row!.id))).toHaveLength(0)
  })

  it('signs out on the server', async () => {
    const { client } = await signedInClient()
    expect(await signedInAs(client.api.session.$get())).not.toBeNull()
    expect((await client.post('/api/auth/sign-out', {})).status).toBe(200)
    expect(await signedInAs(client.api.session.$get())).toBeNull()
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
    const response = await signUp(freshClient(), { email, password })
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
    const response = await signUp(freshClient(), body)
    expect(response.status).toBe(400)
    expect((await json<{ message: string }>(response)).message).toBeTruthy()
  })

  it('answers a body that is not JSON with 400', async () => {
    const response = await freshClient().request('/api/auth/sign-in/email', { method: 'POST', body: '{nope', headers: { 'content-type': 'application/json' } })
    expect(response.status).toBe(400)
  })
})

describe('sign-in throttling that strangers can’t turn against a member', () => {
  const wrong = (client: ReturnType<typeof freshClient>, email: string) => client.post('/api/auth/sign-in/email', { email, password: 'wrong-password' })

  it('holds back the place that guessed five wrong passwords, not the owner signing in from elsewhere', async () => {
    const email = freshEmail()
    await signUpConfirmed(freshClient(), email)
    const guesser = freshClient()
    const statuses = []
    for (let i = 0; i < 7; i++) statuses.push((await wrong(guesser, email)).status)
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429])
    // Even the right password waits there: guessing can't go on by luck.
    const held = await guesser.post('/api/auth/sign-in/email', { email, password: PASSWORD })
    expect(held.status).toBe(429)
    expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(50)
    expect((await errorBody(held)).error.message).toMatch(/wait a minute/)

    expect((await freshClient().post('/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(200)
  })

  it('makes each further try wait twice as long, up to an hour, and forgets after a day', async () => {
    const email = freshEmail()
    const client = '203.0.113.250'
    const t0 = Date.parse('2026-11-23T10:00:00Z')
    for (let i = 0; i < LIMITS.signInFreeFailures; i++) expect(await claimSignInAttempt(server.database.db, email, client, t0)).toEqual({ allowed: true })
    expect(await claimSignInAttempt(server.database.db, email, client, t0 + 59_000)).toEqual({ allowed: false, retryAfter: 1 })
    let at = t0 + 60_000
    for (const waitMinutes of [2, 4, 8, 16, 32, 60, 60]) {
      expect(await claimSignInAttempt(server.database.db, email, client, at)).toEqual({ allowed: true })
      const refused = await claimSignInAttempt(server.database.db, email, client, at + waitMinutes * 60_000 - 1_000)
      expect(refused).toEqual({ allowed: false, retryAfter: 1 })
      at += waitMinutes * 60_000
    }
    expect(await claimSignInAttempt(server.database.db, email, client, at + 1_000)).toEqual({ allowed: true })
    const nextDay = at + 1_000 + 24 * 60 * 60_000 + 1
    for (let i = 0; i < LIMITS.signInFreeFailures; i++) expect(await claimSignInAttempt(server.database.db, email, client, nextDay)).toEqual({ allowed: true })
  })

  it('forgives the failures of a place once the right password comes from it', async () => {
    const email = freshEmail()
    await signUpConfirmed(freshClient(), email)
    const member = freshClient()
    for (let i = 0; i < 4; i++) expect((await wrong(member, email)).status).toBe(401)
    expect((await member.post('/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(200)
    for (let i = 0; i < 5; i++) expect((await wrong(member, email)).status).toBe(401)
  })

  it('counts an IPv6 client by its /64, where one household or phone holds the whole prefix', async () => {
    const email = freshEmail()
    for (let i = 1; i <= 5; i++) expect((await wrong(server.client(`2001:db8:aa:bb::${i}`), email)).status).toBe(401)
    expect((await wrong(server.client('2001:db8:aa:bb:ffff::9'), email)).status).toBe(429)
    expect((await wrong(server.client('2001:db8:aa:bc::1'), email)).status).toBe(401)
    expect(addressKey('2001:DB8:AA:BB:1:2:3:4')).toBe('2001:db8:aa:bb::/64')
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(addressKey('::ffff:192.0.2.7')).toBe('192.0.2.7')
    expect(addressKey('192.0.2.7')).toBe('192.0.2.7')
  })

  // Sixty password hashes, one after another: slow work on a busy machine, with room for it; "within a minute" is the
  // limit's window (the clock of the limit, not of this test).
  it('lets one office address sign in thirty different members within a minute', { timeout: 180_000 }, async () => {
    const members = Array.from({ length: 30 }, () => freshEmail())
    for (const email of members) await signUpConfirmed(freshClient(), email)
    const office = freshClient()
    const statuses = []
    for (const email of members) statuses.push((await office.post('/api/auth/sign-in/email', { email, password: PASSWORD })).status)
    expect(statuses).toEqual(Array<number>(30).fill(200))
  })

  it(`stops one place trying passwords on everyone after ${LIMITS.signInFailuresPerClientPerHour} wrong ones in an hour`, async () => {
    const client = freshClient()
    const key = `sign-in-failures:client:198.51.100.${counter}`
    await hitRateLimit(server.database.db, key, LIMITS.signInFailuresPerClientPerHour, 60 * 60_000, Date.now(), LIMITS.signInFailuresPerClientPerHour - 1)
    expect((await wrong(client, freshEmail())).status).toBe(401)
    const refused = await wrong(client, freshEmail())
    expect(refused.status).toBe(429)
    expect((await errorBody(refused)).error.code).toBe('RATE_LIMITED')
  })

  it('lets exactly five of twenty concurrent wrong passwords for one address from one place through', async () => {
    const email = freshEmail()
    const client = freshClient()
    const responses = await Promise.all(Array.from({ length: 20 }, () => wrong(client, email)))
    expect(responses.filter((r) => r.status !== 429)).toHaveLength(5)
  })
})

describe('only the endpoints Lumin uses', () => {
  it.each([
    ['POST', '/update-user', { name: 'x'.repeat(10_000), image: 'javascript:alert(1)' }],
    ['POST', '/change-password', { currentPassword: PASSWORD, newPassword: 'password1234' }],
    ['POST', '/change-email', { newEmail: 'someone-else@example.com' }],
    ['GET', '/list-sessions', undefined],
    ['POST', '/revoke-other-sessions', {}],
    ['POST', '/revoke-sessions', {}],
    ['POST', '/unlink-account', { providerId: 'credential' }],
    ['POST', '/get-access-token', { providerId: 'google' }],
    ['GET', '/list-accounts', undefined],
    ['GET', '/get-session', undefined],
    ['POST', '/send-verification-email', { email: 'someone@example.com' }],
    ['POST', '/delete-user', {}],
    ['POST', '/link-social', { provider: 'google' }],
    ['GET', '/ok', undefined],
  ])('answers %s %s with 404, signed in', async (method, path, body) => {
    const { client, email } = await signedInClient('explorer')
    const response = await client.request(`/api/auth${path}`, { method, json: body })
    expect(response.status).toBe(404)
    const [row] = await server.database.db.select().from(user).where(eq(user.email, email))
    expect(row).toMatchObject({ name: email.split('@')[0], image: null, email })
  })

  it('keeps a sign-up to sign-up’s fields: the name is always the address’s, anything else is refused', async () => {
    const email = freshEmail()
    expect((await signUp(freshClient(), { email, password: PASSWORD, name: 'x'.repeat(10_000) })).status).toBe(200)
    const [row] = await server.database.db.select().from(user).where(eq(user.email, email))
    expect(row).toMatchObject({ name: email.split('@')[0], image: null, emailVerified: false })

    const other = freshEmail()
    const refused = await signUp(freshClient(), { email: other, password: PASSWORD, image: 'javascript:alert(1)', emailVerified: true })
    expect(refused.status).toBe(400)
    expect((await json<{ message: string }>(refused)).message).toBe("image, emailVerified can't be set at sign-up.")
    expect(await server.database.db.select().from(user).where(eq(user.email, other))).toHaveLength(0)
  })

  it('refuses a sign-up address longer than mail carries', async () => {
    const response = await signUp(freshClient(), { email: `${'a'.repeat(250)}@example.com`, password: PASSWORD })
    expect(response.status).toBe(400)
  })
})

describe('the age confirmation', () => {
  it.each([
    ['left out', {}],
    ['false', { ageConfirmed: false }],
    ['a string', { ageConfirmed: 'yes' }],
  ])('makes no account when it is %s', async (_, confirmation) => {
    const email = freshEmail()
    const response = await freshClient().post('/api/auth/sign-up/email', { email, password: PASSWORD, ...confirmation })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ code: AGE_CONFIRMATION.code, message: AGE_CONFIRMATION.missing })
    expect(await server.database.db.select().from(user).where(eq(user.email, email))).toHaveLength(0)
    await server.mailSettled()
    expect(server.mails.filter((m) => m.to === email)).toHaveLength(0)
  })
})

describe('confirming an email', () => {
  it('changes nothing when the mailed link is only opened (a GET, as a mail scanner does)', async () => {
    const client = freshClient()
    const email = freshEmail()
    await signUp(client, { email, password: PASSWORD })
    const { link } = await lastMailTo(email)
    const token = new URL(link!).searchParams.get('token')!
    // A link in the old form leads to the page; neither it nor the page's own address confirms anything.
    const old = await client.request(`/api/auth/verify-email?token=${token}&callbackURL=${encodeURIComponent('/auth/heart?verified=1')}`)
    expect(old.status).toBe(302)
    expect(old.headers.get('location')).toBe(`${APP_URL}/auth/verify?token=${token}&callbackURL=%2Fauth%2Fheart%3Fverified%3D1`)
    expect((await client.request(new URL(link!).pathname + new URL(link!).search)).status).toBe(404)
    expect((await client.post('/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(403)

    expect((await confirm(client, link!)).status).toBe(200)
    expect((await client.post('/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(200)
  })

  it('answers a forged or missing token with 400 and a code the page understands', async () => {
    const forged = await freshClient().post('/api/auth/verify-email', { token: 'not-a-token' })
    expect(forged.status).toBe(400)
    expect(await forged.json()).toMatchObject({ code: 'INVALID_TOKEN' })
    expect((await freshClient().post('/api/auth/verify-email', {})).status).toBe(400)
  })

  it('sends the confirmed newcomer only to one of Lumin’s own sign-in screens', () => {
    expect(confirmationPageUrl(APP_URL, 't', '/auth/heart?verified=1')).toBe(`${APP_URL}/auth/verify?token=t&callbackURL=%2Fauth%2Fheart%3Fverified%3D1`)
    expect(confirmationPageUrl(APP_URL, 't', 'https://evil.example/')).toBe(`${APP_URL}/auth/verify?token=t&callbackURL=%2Fauth%2Flogin%3Fverified%3D1`)
    expect(confirmationPageUrl(APP_URL, 't', null)).toContain('callbackURL=%2Fauth%2Flogin')
  })
})

const google = await createTestServer({ GOOGLE_CLIENT_ID: 'lumin-client-id.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: 'lumin-client-secret' })

describe('Google sign-in', () => {
  it('is reported as unavailable without its keys', async () => {
    expect(await okBody(freshClient().api.config.$get())).toMatchObject({ google: false })
  })

  it('redirects to Google with the client id and a callback under APP_URL when configured', async () => {
    const client = google.client()
    expect(await okBody(client.api.config.$get())).toMatchObject({ google: true })
    const response = await client.post('/api/auth/sign-in/social', { provider: 'google', callbackURL: '/weekly-dashboard' })
    expect(response.status).toBe(200)
    const url = new URL((await json<{ url: string }>(response)).url)
    expect(url.hostname).toBe('accounts.google.com')
    expect(url.searchParams.get('client_id')).toBe('lumin-client-id.apps.googleusercontent.com')
    expect(url.searchParams.get('redirect_uri')).toBe(`${APP_URL}/api/auth/callback/google`)
  })

  /** A whole Google sign-in, with Google's token endpoint answered here: its id token names `email`. */
  async function signInWithGoogle(client: ReturnType<typeof google.client>, email: string, { requestSignUp = false } = {}) {
    const start = await client.post('/api/auth/sign-in/social', { provider: 'google', callbackURL: '/weekly-dashboard', errorCallbackURL: '/auth/login', requestSignUp })
    const state = new URL((await json<{ url: string }>(start)).url).searchParams.get('state')!
    const claims = { iss: 'https://accounts.google.com', aud: 'lumin-client-id.apps.googleusercontent.com', sub: `google-${email}`, email, email_verified: true, name: 'Someone', iat: 1, exp: 4_000_000_000 }
    const idToken = ['{"alg":"none"}', JSON.stringify(claims)].map((part) => Buffer.from(part).toString('base64url')).join('.') + '.'
    const realFetch = globalThis.fetch
    const googleAnswers = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = input instanceof Request ? input.url : String(input)
      if (url.startsWith('https://oauth2.googleapis.com/token')) {
        return Response.json({ access_token: 'google-access', id_token: idToken, token_type: 'Bearer', expires_in: 3600, scope: 'openid email profile' })
      }
      return realFetch(input, init)
    })
    try {
      const callback = await client.request(`/api/auth/callback/google?${new URLSearchParams({ code: 'google-code', state })}`)
      return callback.headers.get('location')
    } finally {
      googleAnswers.mockRestore()
    }
  }

  it('makes no new account without the age confirmation, and one with it', async () => {
    const email = `google-new${++counter}@example.com`
    expect(await signInWithGoogle(google.client(), email)).toMatch(/^\/auth\/login\?error=signup_disabled/)
    expect(await google.database.db.select().from(user).where(eq(user.email, email))).toHaveLength(0)
    expect(await signInWithGoogle(google.client(), email, { requestSignUp: true })).toBe('/weekly-dashboard')
    expect(await google.database.db.select().from(user).where(eq(user.email, email))).toHaveLength(1)
  })

  it('removes a password that never signed anyone in when Google links to the account, and tells the owner', async () => {
    const email = `google-link${++counter}@example.com`
    // Someone made the account with a password and it was confirmed, but the password was never used.
    await google.signUpConfirmed(google.client(), email, 'someone-elses-phrase')
    expect(await signInWithGoogle(google.client(), email)).toBe('/weekly-dashboard')

    const [row] = await google.database.db.select().from(user).where(eq(user.email, email))
    const accounts = await google.database.db.select().from(account).where(eq(account.userId, row!.id))
    expect(accounts.map((a) => a.providerId)).toEqual(['google'])
    expect((await google.client().post('/api/auth/sign-in/email', { email, password: 'someone-elses-phrase' })).status).toBe(401)
    const mail = await google.lastMailTo(email)
    expect(mail.subject).toBe('You now sign in to Lumin with Google')
    expect(mail.link).toBe(`${APP_URL}/auth/forgot-password?email=${encodeURIComponent(email)}`)
  })

  it('keeps a password its owner has signed in with', async () => {
    const email = `google-keep${++counter}@example.com`
    await google.signUpConfirmed(google.client(), email)
    expect((await google.client().post('/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(200)
    expect(await signInWithGoogle(google.client(), email)).toBe('/weekly-dashboard')
    expect((await google.client().post('/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(200)
  })
})
