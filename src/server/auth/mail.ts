import { AsyncLocalStorage } from 'node:async_hooks'
import { getConnInfo } from '@hono/node-server/conninfo'
import { Hono, type Context } from 'hono'
import nodemailer from 'nodemailer'
import { LIMITS } from '~/core/limits'
import { isLoopbackHost, type Config } from '../config'
import type { Db } from '../db/client'
import type { JobQueue, QueueOptions } from '../jobs/queue'
import type { Logger } from '../logger'
import { hitRateLimit } from '../rate-limit'

export interface Mail {
  to: string
  subject: string
  text: string
  html: string
  /** Headers of the mail's own, e.g. a reminder's List-Unsubscribe (RFC 8058). */
  headers?: Record<string, string>
}

export interface OutboxEntry extends Mail {
  sentAt: string
  /** The first link of the mail, the one a reader would click. */
  link: string | null
}

/** How mail leaves: SMTP, the dev outbox, or a test's capture. Only the mail queue's worker calls it. */
export interface Mailer {
  send(mail: Mail): Promise<void>
  /** Local mode only: the mails "sent" since start, newest first. */
  outbox: OutboxEntry[] | null
}

const OUTBOX_SIZE = 100

/** The first link of a mail, the one a reader would click. */
export const firstLink = (text: string) => /https?:\/\/\S+/.exec(text)?.[0] ?? null

/** Real SMTP when SMTP_URL is set; otherwise, outside production, a dev outbox on the console and at /dev/outbox. */
export function createMailer(config: Config, logger: Logger): Mailer {
  if (config.mail.smtpUrl) {
    const transport = nodemailer.createTransport(config.mail.smtpUrl)
    return {
      outbox: null,
      async send(mail) {
        await transport.sendMail({ from: config.mail.from, ...mail })
        // Without the subject: a reminder's subject is its words, which no log keeps (docs/decisions/0043).
        logger.info('mail sent')
      },
    }
  }
  const outbox: OutboxEntry[] = []
  return {
    outbox,
    async send(mail) {
      const link = firstLink(mail.text)
      outbox.unshift({ ...mail, sentAt: new Date().toISOString(), link })
      outbox.length = Math.min(outbox.length, OUTBOX_SIZE)
      // The dev outbox exists so a developer can click the link; printing it is the point.
      console.log(`\n✉  Dev outbox: "${mail.subject}" to ${mail.to}\n   ${link ?? '(no link)'}\n   All mails: ${config.appUrl}/dev/outbox\n`)
    },
  }
}

const HOUR_MS = 60 * 60_000

export const MAIL_QUEUE = 'mail'
export const MAIL_QUEUE_OPTIONS: QueueOptions = {
  retryLimit: 5,
  retryDelaySeconds: 30,
  // A confirmation link lasts a day, a reset link an hour: a mail that could not go out in a day is no use.
  retentionMinutes: 24 * 60,
  expireInSeconds: 2 * 60,
}

/** The client address (its rate-limit key) of the request a mail is sent for, where a request is behind it. */
export const mailRequester = new AsyncLocalStorage<{ client: string }>()

/**
 * Sending mail as a request sees it: capped, then queued. No request waits for SMTP, so answering takes the same time
 * whether or not a mail goes out, and a mail survives a restart. Over a cap the caller sees nothing different and no
 * mail is queued: nobody can bomb an inbox through Lumin (docs/decisions/0012).
 */
export function createMailDelivery({ db, jobs, mailer, logger }: { db: Db; jobs: JobQueue; mailer: Mailer; logger: Logger }) {
  jobs.work<Mail>(MAIL_QUEUE, (mail) => mailer.send(mail)).catch((err: unknown) => logger.error({ err: { name: err instanceof Error ? err.name : typeof err } }, 'the mail worker could not start'))
  return {
    async send(mail: Mail) {
      const to = mail.to.trim().toLowerCase()
      const client = mailRequester.getStore()?.client
      const caps: [key: string, limit: number, windowMs: number][] = [
        [`mail-hour:email:${to}`, LIMITS.mailsPerRecipientPerHour, HOUR_MS],
        [`mail-day:email:${to}`, LIMITS.mailsPerRecipientPerDay, 24 * HOUR_MS],
        ...(client ? [[`mail-client:${client}`, LIMITS.mailsPerClientPerHour, HOUR_MS] satisfies [string, number, number]] : []),
      ]
      // Side by side: a member's address costs the request no more round trips than a stranger's lookup does.
      const hits = await Promise.all(caps.map(([key, limit, windowMs]) => hitRateLimit(db, key, limit, windowMs)))
      const over = caps.find((_, i) => !hits[i]!.allowed)
      if (over) {
        logger.info({ cap: over[0].slice(0, over[0].indexOf(':')) }, 'mail not sent: over its cap')
        return
      }
      await jobs.send(MAIL_QUEUE, { ...mail, to })
    },
  }
}

export type MailDelivery = ReturnType<typeof createMailDelivery>

const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

function layout(title: string, paragraphs: string[], action: { label: string; url: string }, extra?: { label: string; url: string }): Omit<Mail, 'to'> {
  const text = [title, '', ...paragraphs, '', `${action.label}: ${action.url}`, ...(extra ? [`${extra.label}: ${extra.url}`] : []), '', '— Olo and the Lumin team'].join('\n')
  const button = (a: { label: string; url: string }) =>
    `<p><a href="${escape(a.url)}" style="display:inline-block;padding:12px 20px;border-radius:999px;background:#6d5bd0;color:#fff;text-decoration:none">${escape(a.label)}</a></p>`
  const html = `<div style="font-family:system-ui,sans-serif;max-width:480px;margin:auto;color:#1d1b2c"><h1 style="font-size:20px">${escape(title)}</h1>${paragraphs.map((p) => `<p>${escape(p)}</p>`).join('')}${button(action)}${extra ? button(extra) : ''}<p style="color:#6b6880">— Olo and the Lumin team</p></div>`
  return { subject: title, text, html }
}

export const mails = {
  verify: (url: string) =>
    layout('Confirm your email for Lumin', ['Welcome to Lumin. Confirm your email address to start your journey.', 'If you did not sign up, you can ignore this mail.'], {
      label: 'Confirm my email',
      url,
    }),
  accountExists: (signInUrl: string, resetUrl: string) =>
    layout(
      'You already have a Lumin account',
      ['Someone, hopefully you, tried to sign up to Lumin with this address. You already have an account, so nothing was changed.', 'Sign in, or reset your password if you have forgotten it.'],
      { label: 'Sign in', url: signInUrl },
      { label: 'Reset my password', url: resetUrl },
    ),
  passwordRemoved: (resetUrl: string) =>
    layout(
      'You now sign in to Lumin with Google',
      [
        'You just signed in to Lumin with Google. Your account also had a password that had never been used to sign in, so we removed it: if someone else set it before you arrived, it no longer opens your account.',
        'Keep signing in with Google, or choose a password of your own whenever you like.',
      ],
      { label: 'Choose a password', url: resetUrl },
    ),
  /**
   * A reminder the member asked for, with a link to their reminder settings and a one-click unsubscribe that mail
   * programs offer from the headers (RFC 8058).
   */
  reminder: (message: { title: string; body: string }, links: { open: string; settings: string; unsubscribe: string }): Omit<Mail, 'to'> => {
    const mail = layout(message.title, [message.body], { label: 'Open Lumin', url: links.open }, { label: 'Reminder settings', url: links.settings })
    const why = 'You get this mail because you asked Lumin for reminders.'
    return {
      subject: mail.subject,
      text: `${mail.text}\n\n${why} Stop reminder mails: ${links.unsubscribe}`,
      html: mail.html.replace(/<\/div>$/, `<p style="color:#6b6880;font-size:13px">${escape(why)} <a href="${escape(links.unsubscribe)}">Stop reminder mails</a></p></div>`),
      headers: { 'List-Unsubscribe': `<${links.unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    }
  },
  resetPassword: (url: string) =>
    layout('Reset your Lumin password', ['We received a request to reset your password. The link works for one hour.', 'If you did not ask for this, you can ignore this mail.'], {
      label: 'Choose a new password',
      url,
    }),
}

/**
 * Whether the request came over a loopback socket: from this machine. A forwarded header is never believed here, since
 * whoever reaches the port can write one.
 */
function fromThisMachine(c: Context): boolean {
  try {
    const address = getConnInfo(c).remote.address
    return address !== undefined && isLoopbackHost(address)
  } catch {
    // No socket at all (a request made in-process): nobody on a network.
    return false
  }
}

/** Readable on a phone too: a mail's long links wrap instead of widening the page. */
const OUTBOX_STYLE =
  'body{font-family:system-ui,sans-serif;max-width:720px;margin:0 auto;padding:1rem;line-height:1.5}ul{padding:0;list-style:none}li{border-top:1px solid #ccc;padding:.5rem 0}pre{white-space:pre-wrap;overflow-wrap:anywhere}a{overflow-wrap:anywhere}'

/**
 * /dev/outbox in local mode: the mails as a page for people, or as JSON (?format=json) for the browser tests. It holds
 * every sign-in and reset link, so only this machine may read it.
 */
export function outboxRoutes(outbox: OutboxEntry[]) {
  return new Hono().get('/', (c) => {
    if (!fromThisMachine(c)) return c.text('Not Found', 404)
    if (c.req.query('format') === 'json') return c.json(outbox)
    const rows = outbox
      .map(
        (m) =>
          `<li><p><strong>${escape(m.subject)}</strong> to ${escape(m.to)} <small>${escape(m.sentAt)}</small></p><pre>${escape(m.text)}</pre>${m.link ? `<a href="${escape(m.link)}">Open the link</a>` : ''}</li>`,
      )
      .join('')
    return c.html(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Lumin dev outbox</title><style>${OUTBOX_STYLE}</style></head><body><h1>Dev outbox</h1><p>Mail is not sent in local mode without SMTP_URL; it lands here.</p><ul>${rows || '<li>No mail yet.</li>'}</ul></body></html>`,
    )
  })
}
