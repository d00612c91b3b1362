import { and, eq } from 'drizzle-orm'
import type { ConversationKind } from '~/core/conversation-kinds'
import type { ConversationResults } from '~/core/olo'
import type { Tx } from '../db/client'
import { conversations } from '../db/schema'
import { resultSpeaksOfDistress } from './distress'

/** Saves what a finished conversation produced, in the transaction that finishes it (the recap's rows, a goal...). */
type Finisher<Kind extends ConversationKind> = (tx: Tx, finished: { userId: string; conversationId: string; result: ConversationResults[Kind] }) => Promise<void>

export interface FinisherEntry<Kind extends ConversationKind> {
  save: Finisher<Kind>
  /** The text shown when saving fails (docs/product.md#errors), e.g. 'Failed to save recap data. Please try again.' */
  failureMessage: string
}

/** What each feature saves when a conversation of its kind finishes. */
export type Finishers = { [Kind in ConversationKind]?: FinisherEntry<Kind> }

/**
 * Ends a conversation with its result, once, in the transaction that stores Olo's last reply, and has the conversation's
 * feature save what the result made; if saving fails, the whole transaction rolls back and the conversation stays open.
 * A result that speaks of distress is never kept, whoever asks (docs/decisions/0052): the answer refuses it before it
 * gets here, and this is the last door.
 */
export async function finishConversation<Kind extends ConversationKind>(
  tx: Tx,
  finishers: Finishers,
  conversation: { id: string; userId: string },
  kind: Kind,
  result: ConversationResults[Kind],
) {
  if (resultSpeaksOfDistress(kind, result)) throw new Error('A result that speaks of distress is never kept.')
  // Finished once: a second answer racing this one (it can't, while the conversation is claimed) finds it done.
  const [finishing] = await tx
    .update(conversations)
    .set({ status: 'finished', result, finishedAt: new Date() })
    .where(and(eq(conversations.id, conversation.id), eq(conversations.status, 'open')))
    .returning({ id: conversations.id })
  if (!finishing) throw new Error('The conversation was already finished.')
  await finishers[kind]?.save(tx, { userId: conversation.userId, conversationId: conversation.id, result })
}
