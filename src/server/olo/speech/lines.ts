import { and, eq } from 'drizzle-orm'
import { LIMITS } from '~/core/limits'
import type { Db } from '../../db/client'
import { messages } from '../../db/schema'
import { ApiError } from '../../http'
import type { Olo } from '../engine'
import type { SpeechRequest } from './schema'

const NOT_OLOS = "We could not find that line of Olo's."

/**
 * The words of the line a member asked to hear, read here: one of Olo's messages in a conversation of theirs, or the
 * greeting of a finished conversation of theirs, as the chat showed it (the engine's). Anything else, a member's
 * own message included, is a 404, so the voice reads nothing but Olo.
 */
export async function lineToRead(db: Db, olo: Olo, userId: string, request: SpeechRequest): Promise<string> {
  const words = 'messageId' in request ? await olosMessage(db, userId, request.messageId) : await olo.greeting(userId, request.greetingOf)
  const text = words?.trim()
  if (!text) throw new ApiError('NOT_FOUND', NOT_OLOS)
  return withinSpeechLimit(text)
}

async function olosMessage(db: Db, userId: string, messageId: string) {
  // A message's user is its conversation's owner, whoever wrote it; the role says it was Olo.
  const [message] = await db
    .select({ content: messages.content })
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.userId, userId), eq(messages.role, 'assistant')))
  return message?.content
}

/**
 * A line cut to `limit` characters at its last sentence end within them, else at its last space, so the voice never
 * stops mid-word; the screen still shows the whole line. Olo's lines are written to be shorter than this, but a
 * model's reply may run to about 4,800 characters (LIMITS.modelOutputTokens), and that much audio is no longer a line.
 */
export function withinSpeechLimit(text: string, limit: number = LIMITS.speechChars): string {
  if (text.length <= limit) return text
  // One character past the limit: a sentence that ends exactly at it is followed by a space there.
  const head = text.slice(0, limit + 1)
  let sentenceEnd = 0
  for (const match of head.matchAll(/[.!?…]['"’”)\]]*(?=\s)/g)) sentenceEnd = match.index + match[0].length
  if (sentenceEnd > 0) return text.slice(0, sentenceEnd)
  const space = head.search(/\s\S*$/)
  if (space > 0) return text.slice(0, space).trimEnd()
  // One word longer than the limit: cut it, but not between the halves of a surrogate pair.
  return text.slice(0, /[\uD800-\uDBFF]/.test(text[limit - 1]!) ? limit - 1 : limit)
}
