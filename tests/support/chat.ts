import { randomUUID } from 'node:crypto'
import type { TestClient } from './server'

export interface ChatEvent {
  event: string
  data: Record<string, unknown>
}

/** Reads a whole server-sent-event response into its events. */
export async function readEvents(response: Response): Promise<ChatEvent[]> {
  const text = await response.text()
  return text
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => {
      const lines = block.split('\n')
      const event = lines.find((l) => l.startsWith('event: '))?.slice(7) ?? 'message'
      const data = lines
        .filter((l) => l.startsWith('data: '))
        .map((l) => l.slice(6))
        .join('\n')
      return { event, data: JSON.parse(data) as Record<string, unknown> }
    })
}

/** Sends one chat message as the web does and returns what streamed back. */
export async function say(client: TestClient, conversationId: string, content: string, id: string = randomUUID()) {
  const response = await client.post(`/api/conversations/${conversationId}/messages`, { id, content })
  if (!response.headers.get('content-type')?.includes('text/event-stream')) {
    return { status: response.status, error: (await response.json()) as { error: { code: string; message: string } }, events: [], deltas: [], done: undefined, failure: undefined, id }
  }
  const events = await readEvents(response)
  const deltas = events.filter((e) => e.event === 'delta').map((e) => e.data.text as string)
  const done = events.find((e) => e.event === 'done')?.data as { status: string; message: { content: string }; result: Record<string, unknown> | null; greeting: string | null; help: boolean } | undefined
  const failure = events.find((e) => e.event === 'error')?.data as { code: string; message: string } | undefined
  return { status: response.status, error: undefined, events, deltas, done, failure, id }
}
