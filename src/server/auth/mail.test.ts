import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { LIMITS } from '~/core/limits'
import { openTestDatabase } from '~test/support/database'
import { createTestServer, TEST_PASSWORD, testConfig } from '~test/support/server'
import { startSmtp } from '~test/support/smtp'
import { createApp } from '../app'
import { loadConfig } from '../config'
import { openDatabase } from '../database'
import { createLogger } from '../logger'
import { hitRateLimit } from '../rate-limit'
import type { Mail } from './mail'

const signUpBody = (email: string) => JSON.stringify({ email, password: 'letters-by-the-sea', ageConfirmed: true })
const jsonPost = (ip: string, origin: string) => ({ method: 'POST', headers: { 'content-type': 'application/json', origin, 'x-real-ip': ip } })
/**
 * The app alone on a database of its own: every instance on a database shares its mail queue, so a test that watches
 * how mail leaves runs only the instance it watches.
 */
async function soleApp(mail: { smtpUrl?: string } = {}) {
  const database = await openTestDatabase()
  afterAll(() => database.close())
  const config = testConfig()
  const app = createApp({ config: { ...config, mail: { ...config.mail, ...mail } }, database, logger: createLogger('silent') })
  return { app, config }
}

/** What @hono/node-server hands a request: the socket it came over. */
const socketFrom = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } })

// A sign-up, the job queue and a real SMTP exchange: slow work on a busy machine, so generous limits; no timing is
// measured (the mail server holds its answer instead of taking a set time).
describe('mail over real SMTP', { timeout: 90_000 }, () => {
  it('delivers the confirmation mail through SMTP_URL, after the answer: nobody waits for a slow mail server', async () => {
    const smtp = await startSmtp({ held: true })
    afterAll(smtp.close)
    const { app, config } = await soleApp({ smtpUrl: smtp.url })

    // The mail server answers nothing until it is released below: an answer here means the request didn't wait for it.
    const response = await app.request('/api/auth/sign-up/email', { ...jsonPost('10.9.9.9', config.appUrl), body: signUpBody('smtp-reader@example.com') })
    expect(response.status).toBe(200)
    await expect.poll(() => smtp.held(), { timeout: 60_000 }).toBe(1)
    expect(smtp.received).toHaveLength(0)

    smtp.release()
    await expect.poll(() => smtp.received.length, { timeout: 60_000 }).toBe(1)
    const mail = smtp.received[0]!
    expect(mail.to).toEqual(['smtp-reader@example.com'])
    expect(mail.data).toContain('Subject: Confirm your email for Lumin')
    expect(mail.data.replace(/=\r?\n/g, '')).toContain(`${config.appUrl}/auth/verify?token=`)
  })
})

describe('the mail queue', { timeout: 90_000 }, () => {
  it('keeps a mail that could not go out across a restart, and the next instance sends it once', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'lumin-mail-restart-'))
    afterAll(() => rmSync(dataDir, { recursive: true, force: true }))
    const config = loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: 'restart-secret-restart-secret-restart-42', TRUSTED_IP_HEADER: 'x-real-ip', LOG_LEVEL: 'silent' })
    const logger = createLogger('silent')

    const first = await openDatabase({ dataDir })
    const refused = vi.fn(async () => {
      throw new Error('the mail server is down')
    })
    const before = createApp({ config, database: first, logger, mailer: { outbox: null, send: refused } })
    expect((await before.request('/api/auth/sign-up/email', { ...jsonPost('10.9.9.10', config.appUrl), body: signUpBody('patient@example.com') })).status).toBe(200)
    await expect.poll(() => refused.mock.calls.length, { timeout: 60_000 }).toBe(1)
    await first.close()

    const second = await openDatabase({ dataDir })
    // The retry's time comes, as it would while the instance was down.
    await second.execute(`update pgboss.job set start_after = now() where name = 'mail'`)
    const delivered: Mail[] = []
    createApp({ config, database: second, logger, mailer: { outbox: null, send: async (mail) => void delivered.push(mail) } })
    await expect.poll(() => delivered.length, { timeout: 60_000 }).toBe(1)
    expect(delivered[0]).toMatchObject({ to: 'patient@example.com', subject: 'Confirm your email for Lumin' })
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(delivered).toHaveLength(1)
    await second.close()
  })
})

const server = await createTestServer()
let counter = 0
const freshEmail = () => `inbox${++counter}@example.com`

// Dozens of sign-ups (each a password hash) and resets one after another: slow work on a busy machine, with room for it.
describe('no mail bombing', { timeout: 120_000 }, () => {
  it(`sends at most ${LIMITS.mailsPerRecipientPerHour} mails an hour to one address, and the caller can't tell`, async () => {
    const email = freshEmail()
    await server.signUpConfirmed(server.client(), email)
    const before = server.mails.filter((m) => m.to === email).length
    const answers = []
    for (let i = 0; i < LIMITS.mailsPerRecipientPerHour + 3; i++) {
      const response = await server.client(`192.0.2.${100 + i}`).post('/api/auth/request-password-reset', { email, redirectTo: '/auth/reset-password' })
      answers.push({ status: response.status, body: await response.text() })
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1)
    await server.mailSettled()
    // The confirmation mail counted too: every kind of mail to one address shares the cap.
    expect(server.mails.filter((m) => m.to === email).length - before).toBe(LIMITS.mailsPerRecipientPerHour - before)
  })

  it(`sends at most ${LIMITS.mailsPerRecipientPerDay} mails a day to one address`, async () => {
    const email = freshEmail()
    await hitRateLimit(server.database.db, `mail-day:email:${email}`, LIMITS.mailsPerRecipientPerDay, 24 * 60 * 60_000, Date.now(), LIMITS.mailsPerRecipientPerDay)
    expect((await server.client().post('/api/auth/sign-up/email', { email, password: TEST_PASSWORD, ageConfirmed: true })).status).toBe(200)
    await server.mailSettled()
    expect(server.mails.filter((m) => m.to === email)).toHaveLength(0)
  })

  it(`sends at most ${LIMITS.mailsPerClientPerHour} mails an hour asked for by one client address`, async () => {
    const client = server.client('198.18.200.1')
    const emails = Array.from({ length: LIMITS.mailsPerClientPerHour + 2 }, freshEmail)
    const statuses = []
    for (const email of emails) statuses.push((await client.post('/api/auth/request-password-reset', { email: `${email}.unknown`, redirectTo: '/auth/reset-password' })).status)
    // Unknown addresses send nothing: the cap counts mails asked for, so known ones are needed.
    for (const email of emails) await server.signUpConfirmed(server.client(), email)
    const sentBefore = server.mails.length
    for (const email of emails) statuses.push((await client.post('/api/auth/request-password-reset', { email, redirectTo: '/auth/reset-password' })).status)
    expect(new Set(statuses)).toEqual(new Set([200]))
    await server.mailSettled()
    expect(server.mails.length - sentBefore).toBe(LIMITS.mailsPerClientPerHour)
  })
})

describe('the dev outbox (local mode without SMTP_URL)', () => {
  it('prints each mail’s link and lists the mails at /dev/outbox, to this machine only', async () => {
    const { app, config } = await soleApp()
    const print = vi.spyOn(console, 'log').mockImplementation(() => undefined)
    await app.request('/api/auth/sign-up/email', { ...jsonPost('10.9.9.8', config.appUrl), body: signUpBody('outbox-reader@example.com') })
    await expect.poll(() => print.mock.calls.length).toBeGreaterThan(0)
    expect(String(print.mock.calls[0]![0])).toContain(`${config.appUrl}/auth/verify?token=`)
    print.mockRestore()

    for (const loopback of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const outbox = (await (await app.request('/dev/outbox?format=json', {}, socketFrom(loopback))).json()) as { to: string; subject: string }[]
      expect(outbox).toEqual([expect.objectContaining({ to: 'outbox-reader@example.com', subject: 'Confirm your email for Lumin' })])
    }
    const page = await (await app.request('/dev/outbox', {}, socketFrom('127.0.0.1'))).text()
    expect(page).toContain('outbox-reader@example.com')
  })

  it.each([
    ['a machine on the same network', '192.168.1.20', {}],
    ['a client that forges the forwarded headers', '203.0.113.9', { 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '127.0.0.1', forwarded: 'for=127.0.0.1' }],
    ['an address outside 127.0.0.0/8 that looks local', '::ffff:10.0.0.1', {}],
  ])('refuses %s', async (_, remoteAddress, headers) => {
    const { app } = await soleApp()
    const response = await app.request('/dev/outbox?format=json', { headers }, socketFrom(remoteAddress))
    expect(response.status).toBe(404)
    expect(await response.text()).not.toContain('@')
  })

  it('does not exist when mail goes out over SMTP', async () => {
    const { app } = await soleApp({ smtpUrl: 'smtp://127.0.0.1:2525' })
    expect((await app.request('/dev/outbox', {}, socketFrom('127.0.0.1'))).status).toBe(404)
  })
})
