import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

interface ReceivedMail {
  to: string[]
  data: string
}

/** A real SMTP server on loopback that keeps what it receives, for tests of the real mailer; `answerAfterMs` makes it slow. */
export async function startSmtp({ answerAfterMs = 0 }: { answerAfterMs?: number } = {}) {
  const received: ReceivedMail[] = []
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = ''
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()))
      stream.on('end', () => {
        setTimeout(() => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), data })
          callback()
        }, answerAfterMs)
      })
    },
  })
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  const port = (smtp.server.address() as AddressInfo).port
  return { received, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) }
}
