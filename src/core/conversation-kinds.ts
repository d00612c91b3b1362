/** The three uses of the one conversation engine (DESIGN §5). */
export const CONVERSATION_KINDS = ['recap', 'threshold', 'goal'] as const
export type ConversationKind = (typeof CONVERSATION_KINDS)[number]
