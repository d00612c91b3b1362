import { Hono } from 'hono'
import type { Config } from '../../config'
import type { Database } from '../../db/client'
import { sendError } from '../../http'

/** Public: whether Lumin can serve, and which optional features this instance has. */
export function statusRoutes({ config, database }: { config: Config; database: Database }) {
  return new Hono()
    .get('/health', async (c) => {
      try {
        await database.ping()
      } catch {
        return sendError(c, 'UNAVAILABLE', 'The database is not reachable.')
      }
      return c.json({ status: 'ok' as const, database: database.kind })
    })
    .get('/config', (c) =>
      c.json({
        google: Boolean(config.google),
        voice: config.tts.provider,
        model: config.olo.provider,
        devOutbox: !config.production && !config.mail.smtpUrl,
        /** Where help is, for the public safety page (the same text Olo gives in a crisis). */
        helplines: config.olo.helplines,
      }),
    )
}
