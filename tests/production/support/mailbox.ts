import { afterAll, expect } from 'vitest'
import { startSmtp } from '~test/support/smtp'
import { PASSWORD, type Lumin, type Visitor } from './lumin'

/** A real SMTP server on loopback for SMTP_URL, which production requires: it keeps every mail's first link. */
export async function startMailbox({ answerAfterMs = 0 }: { answerAfterMs?: number } = {}) {
  const smtp = await startSmtp({ answerAfterMs })
  afterAll(smtp.close)
  const links = () =>
    smtp.received.flatMap(({ to, data }) => {
      // Quoted-printable: soft line breaks and =XX escapes stand between the mail and its link.
      const text = data.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
      const link = /https:\/\/lumin\.test\/[^\s"<>]+/.exec(text)?.[0]
      return link ? to.map((address) => ({ to: address, link })) : []
    })

  /** The link of the latest mail to `email`, waiting for it to arrive. */
  async function linkFor(email: string) {
    await expect.poll(() => links().some((l) => l.to === email), { timeout: 10_000 }).toBe(true)
    return new URL(links().filter((l) => l.to === email).at(-1)!.link)
  }

  return {
    url: smtp.url,
    linkFor,
    /** How many mails went to `email`. */
    countTo: (email: string) => smtp.received.filter((mail) => mail.to.includes(email)).length,
    /**
     * Signs up on one instance, presses the mailed confirmation page's button on another when given, and signs in: a
     * member with a session.
     */
    async member(visitor: Visitor, email: string, signUpOn: Lumin, confirmOn: Lumin = signUpOn, signInOn: Lumin = confirmOn) {
      expect((await visitor.post(signUpOn, '/api/auth/sign-up/email', { email, password: PASSWORD, callbackURL: '/auth/mind?verified=1', ageConfirmed: true })).status).toBe(200)
      const link = await linkFor(email)
      expect(link.pathname).toBe('/auth/verify')
      expect((await visitor.post(confirmOn, '/api/auth/verify-email', { token: link.searchParams.get('token') })).status).toBe(200)
      expect((await visitor.post(signInOn, '/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(200)
    },
  }
}
