import { afterAll, describe, expect, it, vi } from 'vitest'
import { createTestServer } from '../../../tests/support/server'
import { startSmtp } from '../../../tests/support/smtp'
import { createApp } from '../app'
import { createLogger } from '../logger'

describe('mail over real SMTP', () => {
  it('delivers the confirmation mail through SMTP_URL', async () => {
    const smtp = await startSmtp()
    afterAll(smtp.close)
    const { database, config } = await createTestServer()
    // The same configuration with SMTP_URL pointing at the test's server, so the real mailer is used.
    const smtpConfig = { ...config, mail: { ...config.mail, smtpUrl: smtp.url } }
    const app = createApp({ config: smtpConfig, database, logger: createLogger('silent') })

    const response = await app.request('/api/auth/sign-up/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: config.appUrl, 'x-real-ip': '10.9.9.9' },
      body: JSON.stringify({ email: 'smtp-reader@example.com', password: 'letters-by-the-sea' }),
    })
    expect(response.status).toBe(200)
    await expect.poll(() => smtp.received.length, { timeout: 10_000 }).toBe(1)
    const mail = smtp.received[0]!
    expect(mail.to).toEqual(['smtp-reader@example.com'])
    expect(mail.data).toContain('Subject: Confirm your email for Lumin')
    expect(mail.data.replace(/=\r?\n/g, '')).toContain(`${config.appUrl}/api/auth/verify-email?token=`)
  })
})

describe('the dev outbox (local mode without SMTP_URL)', () => {
  it('prints each mail’s link and lists the mails at /dev/outbox', async () => {
    const { database, config } = await createTestServer()
    const app = createApp({ config, database, logger: createLogger('silent') })
    const print = vi.spyOn(console, 'log').mockImplementation(() => undefined)
    await app.request('/api/auth/sign-up/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: config.appUrl, 'x-real-ip': '10.9.9.8' },
      body: JSON.stringify({ email: 'outbox-reader@example.com', password: 'letters-by-the-sea' }),
    })
    await expect.poll(() => print.mock.calls.length).toBeGreaterThan(0)
    expect(String(print.mock.calls[0]![0])).toContain(`${config.appUrl}/api/auth/verify-email?token=`)
    print.mockRestore()

    const outbox = (await (await app.request('/dev/outbox?format=json')).json()) as { to: string; subject: string; link: string }[]
    expect(outbox).toEqual([expect.objectContaining({ to: 'outbox-reader@example.com', subject: 'Confirm your email for Lumin' })])
    const page = await (await app.request('/dev/outbox')).text()
    expect(page).toContain('Confirm your email for Lumin')
    expect(page).toContain('outbox-reader@example.com')
  })

  it('does not exist when mail goes out over SMTP', async () => {
    const { database, config } = await createTestServer()
    const app = createApp({ config: { ...config, mail: { ...config.mail, smtpUrl: 'smtp://127.0.0.1:2525' } }, database, logger: createLogger('silent') })
    expect((await app.request('/dev/outbox')).status).toBe(404)
  })
})
