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
        /** Who a model provider is, for the line that says a journal entry will be sent to it (docs/product.md#journal). */
        modelName: modelProviderName(config.olo),
        devOutbox: !config.production && !config.mail.smtpUrl,
        /** Whose safety classifier reads what members write after the crisis check (docs/decisions/0051), or null. */
        safetyReader: safetyReaderName(config.olo),
        /** Where help is, for the public safety page (the same text Olo gives in a crisis). */
        helplines: config.olo.helplines,
      }),
    )
}

/** The second reader by the name a member would know: Mistral, OpenAI, or the host of a safety model's server. */
export function safetyReaderName(olo: Config['olo']): string | null {
  const { moderation } = olo
  if (moderation.provider === 'off') return null
  if (moderation.provider === 'mistral') return 'Mistral'
  const host = new URL(moderation.baseUrl).host
  return host === 'api.openai.com' ? 'OpenAI' : host
}

/**
 * A model provider by the name a member would know (docs/decisions/0035): Mistral, OpenAI, or the host of any other OpenAI-compatible server
 * (an Ollama on this machine is "localhost:11434"); null for the offline guide, which sends nothing anywhere.
 */
export function modelProviderName(olo: Config['olo']): string | null {
  if (olo.provider === 'offline') return null
  if (olo.provider === 'mistral') return 'Mistral'
  const host = new URL(olo.baseUrl ?? 'https://api.openai.com/v1').host
  return host === 'api.openai.com' ? 'OpenAI' : host
}
