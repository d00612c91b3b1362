import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, describe, expect, it } from 'vitest'
import { createTestServer } from '../../../tests/support/server'
import { createApp } from '../app'
import { createLogger } from '../logger'

/** A real SMTP server on loopback that keeps what it receives. */
async function startSmtp() {
  const received: { to: string[]; data: string }[] = []
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = ''
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()))
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), data })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  return { received, port: (smtp.server.address() as AddressInfo).port, close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) }
}

describe('mail over real SMTP', () => {
  it('delivers the confirmation mail through SMTP_URL', async () => {
    const smtp = await startSmtp()
    afterAll(smtp.close)
    const { database, config } = await createTestServer()
    // The same configuration with SMTP_URL pointing at the test's server, so the real mailer is used.
    const smtpConfig = { ...config, mail: { ...config.mail, smtpUrl: `smtp://127.0.0.1:${smtp.port}` } }
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
