import type { ConversationKind } from './olo'

/** DESIGN §4 limits; every one is enforced on the server. */
export const LIMITS = {
  signInPerMinute: 5,
  sessionSlidingDays: 7,
  sessionAbsoluteDays: 30,
  chatMessageChars: 2000,
  /** User turns per conversation; the turn that reaches the cap tells Olo to wrap up. */
  userTurns: { recap: 12, threshold: 4, goal: 8 } satisfies Record<ConversationKind, number>,
  modelTurnsPerDay: 200,
  /**
   * The most a model may write in one call. With the turn caps above it bounds a conversation's tokens: a recap of
   * 12 turns writes at most 12 × 2 calls (a reply and its one repair) of this size.
   */
  modelOutputTokens: 1200,
  /** Tokens (prompt and reply, as the provider reports them) one user may spend on Olo per day. */
  modelTokensPerDay: 300_000,
  /** Each start opens a conversation with Olo; nobody starts this many on purpose. */
  practicesPerHour: 30,
  goalChatsPerHour: 10,
  speechChars: 1000,
  speechPerHour: 60,
} as const
