import { Hono } from 'hono'
import { streamSSE } from 'hono/streaming'
import { z } from 'zod'
import { sendMessageSchema } from '~/core/olo'
import type { AppEnv } from '../auth/routes'
import { validate } from '../http'
import type { Logger } from '../logger'
import type { Olo } from './engine'

const conversationParam = z.object({ id: z.uuid('That is not a conversation id.') })

/** /api/conversations: every chat with Olo, whatever its kind. */
export function conversationRoutes({ olo, logger }: { olo: Olo; logger: Logger }) {
  return new Hono<AppEnv>()
    .get('/:id', validate('param', conversationParam), async (c) => c.json(await olo.view(c.get('user').id, c.req.valid('param').id)))
    .post('/:id/messages', validate('param', conversationParam), validate('json', sendMessageSchema), async (c) => {
      // Everything that can refuse the message runs before the stream opens, so those answers keep their HTTP status.
      const turn = await olo.take(c.get('user').id, c.req.valid('param').id, c.req.valid('json'))
      const hangUp = new AbortController()
      c.req.raw.signal.addEventListener('abort', () => hangUp.abort(), { once: true })
      return streamSSE(
        c,
        async (stream) => {
          stream.onAbort(() => hangUp.abort())
          await olo.answer(turn, hangUp.signal, (event) => stream.writeSSE({ event: event.event, data: JSON.stringify(event.data) }))
        },
        async (err) => {
          logger.error({ err: { name: err.name } }, 'chat stream failed')
        },
      )
    })
}
