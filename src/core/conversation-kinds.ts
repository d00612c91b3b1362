/** The three uses of the one conversation engine (docs/decisions/0005-olo-engine.md). */
export const CONVERSATION_KINDS = ['recap', 'threshold', 'goal'] as const
export type ConversationKind = (typeof CONVERSATION_KINDS)[number]
