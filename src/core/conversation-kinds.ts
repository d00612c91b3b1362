/**
 * The uses of the one conversation engine (docs/decisions/0005-olo-engine.md): the weekly recap, a practice's threshold,
 * the goal chat and the reflection on a journal entry (docs/product.md#journal).
 */
export const CONVERSATION_KINDS = ['recap', 'threshold', 'goal', 'reflection'] as const
export type ConversationKind = (typeof CONVERSATION_KINDS)[number]
