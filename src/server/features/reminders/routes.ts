import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { LIMITS } from '~/core/limits'
import { defaultReminderSettings, isPushServiceHost, pushSubscriptionSchema, reminderSettingsSchema } from '~/core/reminders'
import { timeZoneSchema } from '~/core/weekly'
import { clientKey, type AppEnv } from '../../auth/routes'
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import { sendError, validate } from '../../http'
import type { Outgoing } from '../../net/outgoing'
import { enforceRateLimit } from '../../rate-limit'
import type { Reminders } from '../../reminders/scheduler'
import { stopReminderMail, storedReminderSettings, storeReminderSettings } from '../../reminders/settings'
import { memberOfUnsubscribeToken } from '../../reminders/unsubscribe'
import { dropPushSubscription, keepPushSubscription, pushDevices } from './queries'

/** Whether the guarded client would send to `url`; a name that doesn't resolve is no push service either. */
const reachable = (outgoing: Outgoing, url: string) =>
  outgoing.check(url).then(
    () => true,
    () => false,
  )

const settingsQuery = z.object({ timeZone: timeZoneSchema })
const subscriptionParam = z.object({ id: z.uuid('That is not a push subscription id.') })

/** /api/reminders, behind Settings → Reminders (docs/product.md#reminders): the member's own reminders and devices. */
export function reminderRoutes({ db, reminders, outgoing, production }: { db: Db; reminders: Reminders; outgoing: Outgoing; production: boolean }) {
  return new Hono<AppEnv>()
    .get('/', validate('query', settingsQuery), async (c) => {
      const userId = c.get('user').id
      const stored = await storedReminderSettings(db, userId)
      // Never saved: every reminder off, in the zone the browser is in.
      return c.json({ settings: stored ?? defaultReminderSettings(c.req.valid('query').timeZone), pushDevices: await pushDevices(db, userId) })
    })
    .put('/', validate('json', reminderSettingsSchema), async (c) => {
      const userId = c.get('user').id
      await enforceRateLimit(db, `reminder-saves:${userId}`, LIMITS.reminderSavesPerMinute, 60_000, 'You have changed your reminders a lot just now. Please wait a minute and try again.')
      const settings = await storeReminderSettings(db, userId, c.req.valid('json'))
      await reminders.reschedule(userId, settings)
      return c.json({ settings, pushDevices: await pushDevices(db, userId) })
    })
    // The key a browser subscribes with (applicationServerKey); null when this server has none and Push is off.
    .get('/push-key', (c) => c.json({ publicKey: reminders.publicKey }))
    .post('/push-subscriptions', validate('json', pushSubscriptionSchema), async (c) => {
      if (!reminders.publicKey) return sendError(c, 'BAD_REQUEST', 'This Lumin does not send push reminders; choose Email instead.')
      const subscription = c.req.valid('json')
      // Local mode's own tests run a push service on this machine; a deployed Lumin posts only to the internet's: a
      // name of the public kind that resolves only to the internet's addresses, on port 443 (decision 0059). Sending
      // checks the address again, as the name may lead elsewhere by then.
      const onTheInternet = !production || (isPushServiceHost(new URL(subscription.endpoint).hostname) && (await reachable(outgoing, subscription.endpoint)))
      if (!onTheInternet) return sendError(c, 'BAD_REQUEST', 'A push endpoint must be a push service on the internet.')
      return c.json({ subscription: await keepPushSubscription(db, c.get('user').id, subscription) }, 201)
    })
    .delete('/push-subscriptions/:id', validate('param', subscriptionParam), async (c) => {
      await dropPushSubscription(db, c.get('user').id, c.req.valid('param').id)
      return c.body(null, 204)
    })
}

const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

function page(c: Context, status: 200 | 404, title: string, paragraphs: string[], form?: string) {
  c.header('Cache-Control', 'no-store')
  // The token is in the address: it goes nowhere else.
  c.header('Referrer-Policy', 'no-referrer')
  return c.html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)} · Lumin</title><style>body{font-family:system-ui,sans-serif;max-width:480px;margin:3rem auto;padding:0 1rem;line-height:1.5;color:#1d1b2c}button{font:inherit;padding:12px 20px;border-radius:999px;border:0;background:#6d5bd0;color:#fff;cursor:pointer}a{color:#6d5bd0}</style></head><body><main><h1>${escape(title)}</h1>${paragraphs.map((p) => `<p>${p}</p>`).join('')}${form ?? ''}</main></body></html>`,
    status,
  )
}

/**
 * /reminders/unsubscribe?token=…, the link in every reminder mail and its List-Unsubscribe header (RFC 8058). Outside
 * /api: a mail program posts to it from anywhere, with no session and no cookie, and the signed token is the
 * authority. GET shows a page with the button, so a link scanner that opens it changes nothing; POST turns the
 * member's reminder mails off.
 */
export function unsubscribeRoutes({ db, config }: { db: Db; config: Config }) {
  const settingsLink = `<a href="${escape(`${config.appUrl}/settings#reminders`)}">Reminder settings</a>`
  /**
   * The member a link's token was made for. A good token is never refused: mail providers post one-click unsubscribes
   * from shared servers (RFC 8058), and the HMAC can't be guessed. Only a token Lumin did not make counts against the
   * address, so someone trying tokens is slowed down and nobody's real unsubscribe is.
   */
  const memberOf = async (c: Context) => {
    const userId = memberOfUnsubscribeToken(config.authSecret, c.req.query('token') ?? '')
    if (!userId) await enforceRateLimit(db, `reminder-unsubscribe:${clientKey(c, config)}`, LIMITS.unsubscribesPerClientPerHour, 60 * 60_000, 'Too many tries. Wait a while and try again.')
    return userId
  }
  const unknown = (c: Context) => page(c, 404, 'This link does not work', ['It may have been copied only in part. You can change your reminders in Lumin’s Settings.', settingsLink])
  return new Hono()
    .get('/unsubscribe', async (c) => {
      if (!(await memberOf(c))) return unknown(c)
      const action = `/reminders/unsubscribe?token=${encodeURIComponent(c.req.query('token') ?? '')}`
      return page(c, 200, 'Stop reminder emails?', ['Lumin will stop sending your reminders by email. Push reminders on your devices stay as they are.'], `<form method="post" action="${escape(action)}"><button type="submit">Stop reminder emails</button></form><p>${settingsLink}</p>`)
    })
    .post('/unsubscribe', async (c) => {
      const userId = await memberOf(c)
      if (!userId) return unknown(c)
      await stopReminderMail(db, userId)
      return page(c, 200, 'No more reminder emails', ['You will get no more reminders by email. Turn them back on whenever you like.', settingsLink])
    })
}
