import { Hono } from 'hono'
import nodemailer from 'nodemailer'
import type { Config } from '../config'
import type { Logger } from '../logger'

export interface Mail {
  to: string
  subject: string
  text: string
  html: string
}

export interface OutboxEntry extends Mail {
  sentAt: string
  /** The first link of the mail, the one a reader would click. */
  link: string | null
}

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
        logger.info({ subject: mail.subject }, 'mail sent')
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
  resetPassword: (url: string) =>
    layout('Reset your Lumin password', ['We received a request to reset your password. The link works for one hour.', 'If you did not ask for this, you can ignore this mail.'], {
      label: 'Choose a new password',
      url,
    }),
}

/** /dev/outbox in local mode: the mails as a page for people, or as JSON (?format=json) for the browser tests. */
export function outboxRoutes(outbox: OutboxEntry[]) {
  return new Hono().get('/', (c) => {
    if (c.req.query('format') === 'json') return c.json(outbox)
    const rows = outbox
      .map(
        (m) =>
          `<li><p><strong>${escape(m.subject)}</strong> to ${escape(m.to)} <small>${escape(m.sentAt)}</small></p><pre>${escape(m.text)}</pre>${m.link ? `<a href="${escape(m.link)}">Open the link</a>` : ''}</li>`,
      )
      .join('')
    return c.html(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Lumin dev outbox</title></head><body style="font-family:system-ui;max-width:720px;margin:2rem auto"><h1>Dev outbox</h1><p>Mail is not sent in local mode without SMTP_URL; it lands here.</p><ul>${rows || '<li>No mail yet.</li>'}</ul></body></html>`,
    )
  })
}
