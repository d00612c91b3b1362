import { describe, expect, it } from 'vitest'
import { LIMITS } from '~/core/limits'
import { createTestServer, signedInAs, TEST_PASSWORD } from '~test/support/server'
import { okBody } from '~test/support/test-client'

/** As deployed: NODE_ENV=production with its required variables (mail is captured by the test's mailer, never sent). */
const production = await createTestServer({ NODE_ENV: 'production', APP_URL: 'https://lumin.example', SMTP_URL: 'smtp://mail.example:587' })
const local = await createTestServer()
let counter = 0
const freshEmail = () => `security${++counter}@example.com`
const wrongPassword = (client: ReturnType<typeof local.client>, email = freshEmail(), headers: Record<string, string> = {}) =>
  client.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password: 'not-the-password' }, headers })

const cookieHeader = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')

describe('sessions in production', () => {
  it('sets the session cookie HttpOnly, SameSite=Lax, Secure and __Secure- prefixed, with HSTS on every answer', async () => {
    const client = production.client()
    const email = freshEmail()
    await production.signUpConfirmed(client, email)
    const signIn = await client.post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD })
    expect(signIn.status).toBe(200)
    const session = signIn.headers.getSetCookie().find((c) => c.includes('session_token'))!
    expect(session).toMatch(/^__Secure-/)
    expect(session).toMatch(/;\s*HttpOnly/i)
    expect(session).toMatch(/;\s*SameSite=Lax/i)
    expect(session).toMatch(/;\s*Secure/i)
    const answer = await client.api.session.$get()
    expect(answer.status).toBe(200)
    expect((await okBody(answer)).user?.email).toBe(email)
    expect(answer.headers.get('strict-transport-security')).toMatch(/max-age=\d{7,}/)
  })

  it(`throttles sign-in brute force in production too: ${LIMITS.signInFreeFailures} wrong passwords from one place, then 429 there`, async () => {
    const client = production.client('192.0.2.200')
    const email = freshEmail()
    await production.signUpConfirmed(production.client(), email)
    const statuses: number[] = []
    for (let i = 0; i < LIMITS.signInFreeFailures + 2; i++) statuses.push((await wrongPassword(client, email)).status)
    expect(statuses).toEqual([...Array<number>(LIMITS.signInFreeFailures).fill(401), 429, 429])
    // The right password is refused too while the wait holds: guessing can't go on by luck.
    expect((await client.post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD })).status).toBe(429)
    // The owner, somewhere else, is not locked out by it.
    expect((await production.client('192.0.2.201').post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD })).status).toBe(200)
  })

  it('ends the session on the server at sign-out: the old cookie replayed is refused', async () => {
    const { client } = await local.signedInClient('replay')
    expect(await signedInAs(client.api.session.$get())).not.toBeNull()
    const cookie = client.cookies.header()!
    expect((await client.post('/api/auth/sign-out', {})).status).toBe(200)
    expect(await signedInAs(local.client().request('/api/session', { headers: { cookie } }))).toBeNull()
    expect((await local.client().request('/api/profile', { headers: { cookie } })).status).toBe(401)
  })

  it('ends every session of a deleted account: the old cookie replayed is refused', async () => {
    const { client, email } = await local.signedInClient('leaving')
    const second = local.client()
    const signIn = await second.post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD })
    const otherDevice = cookieHeader(signIn)
    expect((await client.api.account.$delete({ json: { confirmEmail: email } })).status).toBe(204)
    expect(await signedInAs(local.client().request('/api/session', { headers: { cookie: otherDevice } }))).toBeNull()
  })
})

describe('the client address behind a trusted proxy', () => {
  it('keeps counting when a client forges X-Forwarded-For: only the configured header (x-real-ip) is believed', async () => {
    const client = local.client('198.51.100.77')
    const email = freshEmail()
    const statuses: number[] = []
    for (let i = 0; i < LIMITS.signInFreeFailures + 1; i++) statuses.push((await wrongPassword(client, email, { 'x-forwarded-for': `10.9.8.${i}` })).status)
    expect(statuses.at(-1)).toBe(429)
  })

  it('with X-Forwarded-For as the trusted header, believes only the address the proxy appended', async () => {
    const behindProxy = await createTestServer({ TRUSTED_IP_HEADER: 'x-forwarded-for' })
    const client = behindProxy.client('unused')
    const email = freshEmail()
    const statuses: number[] = []
    for (let i = 0; i < LIMITS.signInFreeFailures + 1; i++) {
      statuses.push((await wrongPassword(client, email, { 'x-forwarded-for': `10.9.8.${i}, 198.51.100.78` })).status)
    }
    expect(statuses.at(-1)).toBe(429)
    // Another real client, seen by the proxy at its own address, is not held back by the first one.
    expect((await wrongPassword(client, email, { 'x-forwarded-for': '198.51.100.79' })).status).toBe(401)
  })
})

describe('cross-site requests', () => {
  const EVIL = 'https://evil.example'
  const bodies = {
    json: { 'content-type': 'application/json', body: JSON.stringify({ timeZone: 'Europe/Paris' }) },
    form: { 'content-type': 'application/x-www-form-urlencoded', body: 'timeZone=Europe%2FParis' },
    'text/plain': { 'content-type': 'text/plain', body: '{"timeZone":"Europe/Paris"}' },
  }

  it.each(Object.entries(bodies))('refuses a %s POST from another origin with 403, and changes nothing', async (_, { body, ...headers }) => {
    const { client } = await local.signedInClient('csrf')
    const forged = await client.request('/api/weekly/recap', { method: 'POST', body, headers: { ...headers, origin: EVIL } })
    expect(forged.status).toBe(403)
    expect(await forged.json()).toEqual({ error: { code: 'FORBIDDEN', message: expect.any(String) } })
    const week = await okBody(client.api.weekly.$get({ query: { timeZone: 'Europe/Paris' } }))
    expect(week.recap).toBeNull()
  })

  it.each([
    ['a foreign Origin', { origin: EVIL }],
    ['Origin: null (a sandboxed frame)', { origin: 'null' }],
    ['Sec-Fetch-Site: cross-site without an Origin', { origin: undefined, 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site (a sibling subdomain)', { 'sec-fetch-site': 'same-site' }],
  ])('refuses sign-out, sign-in and deletion with %s', async (_, headers: Record<string, string | undefined>) => {
    const { client, email } = await local.signedInClient('csrf')
    const send = (path: string, method: string, payload: unknown) => client.request(path, { method, json: payload, headers })
    expect((await send('/api/auth/sign-out', 'POST', {})).status).toBe(403)
    expect((await send('/api/auth/sign-in/email', 'POST', { email, password: TEST_PASSWORD })).status).toBe(403)
    expect((await send('/api/account', 'DELETE', { confirmEmail: email })).status).toBe(403)
    expect(await signedInAs(client.api.session.$get())).not.toBeNull()
  })

  it('lets the app’s own pages and non-browser callers through, and reads from anywhere stay unshared (no CORS)', async () => {
    const { client } = await local.signedInClient('csrf')
    expect((await client.request('/api/journey/path', { method: 'PUT', json: { path: 'calm' }, headers: { 'sec-fetch-site': 'same-origin' } })).status).toBe(200)
    const noBrowser = await client.request('/api/journey/path', { method: 'PUT', json: { path: 'mind' }, headers: { origin: undefined } })
    expect(noBrowser.status).toBe(200)
    const read = await client.request('/api/profile', { headers: { origin: EVIL } })
    expect(read.headers.get('access-control-allow-origin')).toBeNull()
  })
})
