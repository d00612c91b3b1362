import { Hono } from 'hono'
import { confirmsDeletion, deleteAccountSchema, DELETE_CONFIRMATION_MISMATCH, exportFileName, preferencesSchema } from '~/core/account'
import type { Auth } from '../../auth/auth'
import { MAIL_QUEUE } from '../../auth/mail'
import type { AppEnv } from '../../auth/routes'
import type { Db } from '../../db/client'
import { sendError, validate } from '../../http'
import type { JobQueue } from '../../jobs/queue'
import type { Reminders } from '../../reminders/scheduler'
import { deleteAccount, exportAccount, preferencesOf, setPreferences } from './queries'

/**
 * /api/account, behind Settings: the signed-in person's own data, to take away or to delete
 * (docs/product.md#your-data).
 */
export function settingsRoutes({ db, auth, jobs, reminders }: { db: Db; auth: Auth; jobs: JobQueue; reminders: Reminders }) {
  return new Hono<AppEnv>()
    .get('/preferences', async (c) => c.json(await preferencesOf(db, c.get('user').id)))
    .put('/preferences', validate('json', preferencesSchema), async (c) => c.json(await setPreferences(db, c.get('user').id, c.req.valid('json'))))
    .get('/export', async (c) => {
      const data = await exportAccount(db, c.get('user').id)
      // Indented: the file is meant to be read by the person who downloads it.
      return c.body(JSON.stringify(data, null, 2), 200, {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Disposition': `attachment; filename="${exportFileName(data.exportedAt)}"`,
        'Cache-Control': 'no-store',
      })
    })
    .delete('/', validate('json', deleteAccountSchema), async (c) => {
      const user = c.get('user')
      if (!confirmsDeletion(c.req.valid('json').confirmEmail, user.email)) return sendError(c, 'BAD_REQUEST', DELETE_CONFIRMATION_MISMATCH)
      // Mail to them, sent or waiting, holds their address and links: it goes first.
      await jobs.forget(MAIL_QUEUE, 'to', user.email.toLowerCase())
      await reminders.forget(user.id)
      await deleteAccount(db, user)
      // Every session went with the account; Better Auth's sign-out clears this browser's cookies under their own names.
      const { headers } = await auth.api.signOut({ headers: c.req.raw.headers, returnHeaders: true })
      for (const cookie of headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true })
      return c.body(null, 204)
    })
}
