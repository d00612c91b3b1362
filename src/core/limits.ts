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
  speechChars: 1000,
  speechPerHour: 60,
} as const
