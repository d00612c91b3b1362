import { createParser } from 'eventsource-parser'
import { apiErrorOf } from '~/core/api-errors'
import { SEND_FAILED_MESSAGE } from '~/core/olo'
import type { ReplyDone, StreamEvent } from '~/server/olo/answer'
import { api, ApiRequestError, call } from '~/web/api'

export type { ReplyDone, StoredMessage } from '~/server/olo/answer'

export const conversationQuery = (id: string) => ({
  queryKey: ['conversation', id] as const,
  queryFn: () => call(api.conversations[':id'].$get({ param: { id } })),
})


/**
 * Sends one message and reads Olo's reply as it streams: each text delta goes to `onDelta` the moment it arrives, and
 * the promise resolves with the final event. A refusal before the stream (a 4xx) or an error event rejects with an
 * ApiRequestError carrying the server's message.
 */
export async function sendChatMessage(
  conversationId: string,
  message: { id: string; content: string },
  onDelta: (text: string) => void,
  signal?: AbortSignal,
): Promise<ReplyDone> {
  const response = await api.conversations[':id'].messages.$post({ param: { id: conversationId }, json: message }, { init: { signal } })
  if (!response.ok || !response.body) {
    const refusal = apiErrorOf(await response.json().catch(() => null))
    throw new ApiRequestError(response.status, refusal?.message ?? SEND_FAILED_MESSAGE, refusal?.code)
  }

  let done: ReplyDone | undefined
  let failure: ApiRequestError | undefined
  const parser = createParser({
    onEvent(event) {
      // A boundary: this app's own stream, its events typed where src/server/olo/answer.ts writes them (StreamEvent);
      // what JSON.parse gives back can only be named, not checked, without a second schema of the same events.
      const parsed = { event: event.event, data: JSON.parse(event.data) } as StreamEvent
      if (parsed.event === 'delta') onDelta(parsed.data.text)
      else if (parsed.event === 'done') done = parsed.data
      else if (parsed.event === 'error') failure = new ApiRequestError(response.status, parsed.data.message, parsed.data.code)
    },
  })
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
  for (;;) {
    const { value, done: ended } = await reader.read()
    if (ended) break
    parser.feed(value)
  }
  if (failure) throw failure
  if (!done) throw new ApiRequestError(response.status, SEND_FAILED_MESSAGE)
  return done
}
