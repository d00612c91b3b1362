import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

interface ReceivedMail {
  to: string[]
  data: string
  /** When it was accepted, on this process's clock (Date.now()): the bench times reminders by it. */
  at: number
}

/**
 * A real SMTP server on loopback that keeps what it receives, for tests of the real mailer; `answerAfterMs` makes it
 * slow, and `held` keeps every answer back until `release()`, so a test can tell that nobody waited for it.
 */
export async function startSmtp({ answerAfterMs = 0, held = false }: { answerAfterMs?: number; held?: boolean } = {}) {
  const received: ReceivedMail[] = []
  let holding = held
  const waiting: (() => void)[] = []
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = ''
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()))
      stream.on('end', () => {
        const answer = () =>
          setTimeout(() => {
            received.push({ to: session.envelope.rcptTo.map((r) => r.address), data, at: Date.now() })
            callback()
          }, answerAfterMs)
        if (holding) waiting.push(answer)
        else answer()
      })
    },
  })
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  const port = (smtp.server.address() as AddressInfo).port
  return {
    received,
    /** Mails that came in whose answer is held back. */
    held: () => waiting.length,
    release() {
      holding = false
      for (const answer of waiting.splice(0)) answer()
    },
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  }
}
