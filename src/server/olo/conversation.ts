import { and, asc, eq } from 'drizzle-orm'
import type { ConversationKind } from '~/core/conversation-kinds'
import type { Db, Tx } from '../db/client'
import { conversationScripts, conversations, messages } from '../db/schema'
import { ApiError } from '../http'
import { messageColumns, toStoredMessage, type StoredMessage } from './answer'
import { addressed, greetingFor, type ScriptOf } from './script-reader'

export interface ReadDeps {
  db: Db
  scriptOf: ScriptOf
}

/**
 * Creates a conversation with Olo's opening message already in it; run inside the caller's transaction. `fill` gives
 * the words for the opening's own placeholders, such as the recap's `{week_lived}`; `{member_name}` is filled here.
 */
export async function openConversation(
  tx: Db | Tx,
  { userId, kind, scriptId, subject, fill = {} }: { userId: string; kind: ConversationKind; scriptId: number; subject?: string; fill?: Record<string, string> },
) {
  const [script] = await tx.select({ opening: conversationScripts.oloInitialPrompt }).from(conversationScripts).where(eq(conversationScripts.id, scriptId))
  if (!script) throw new ApiError('NOT_FOUND', 'No conversation script available for this exercise.')
  const [conversation] = await tx.insert(conversations).values({ userId, kind, scriptId, subject }).returning({ id: conversations.id })
  const opening = Object.entries(fill).reduce((words, [placeholder, value]) => words.replaceAll(`{${placeholder}}`, () => value), script.opening)
  const content = await addressed(tx, userId, opening)
  await tx.insert(messages).values({ conversationId: conversation!.id, userId, role: 'assistant', content })
  return conversation!.id
}

/** The whole conversation so far, for a screen that opens or reloads it. */
export async function viewConversation({ db, scriptOf }: ReadDeps, userId: string, conversationId: string) {
  const conversation = await owned(db, userId, conversationId)
  return {
    id: conversation.id,
    kind: conversation.kind,
    status: conversation.status,
    flagged: conversation.flagged,
    result: conversation.result,
    greeting: await greetingOf(db, scriptOf, conversation),
    messages: await transcript(db, conversation.id),
  }
}

/** The greeting of one of the member's conversations, for Olo's voice, without reading the conversation's messages. */
export async function greetingOfConversation({ db, scriptOf }: ReadDeps, userId: string, conversationId: string) {
  return greetingOf(db, scriptOf, await owned(db, userId, conversationId))
}

async function owned(db: Db, userId: string, conversationId: string) {
  const [conversation] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), eq(conversations.userId, userId)))
  if (!conversation) throw new ApiError('NOT_FOUND', 'We could not find that conversation.')
  return conversation
}

async function transcript(db: Db, conversationId: string): Promise<StoredMessage[]> {
  const rows = await db.select(messageColumns).from(messages).where(eq(messages.conversationId, conversationId)).orderBy(asc(messages.seq))
  return rows.map(toStoredMessage)
}

/** What Olo says as a finished conversation hands over (the script's greeting, filled in); null while it is open. */
async function greetingOf(db: Db, scriptOf: ScriptOf, conversation: typeof conversations.$inferSelect) {
  return conversation.result ? greetingFor(db, scriptOf, conversation, conversation.kind, conversation.result) : null
}
