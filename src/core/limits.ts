import type { ConversationKind } from './conversation-kinds'

/** The limits of docs/product.md#limits; every one is enforced on the server. */
export const LIMITS = {
  /**
   * Wrong passwords for one address from one client before each further try waits, the wait doubling from a minute up
   * to an hour; the owner elsewhere is never held up by them (docs/decisions/0012).
   */
  signInFreeFailures: 5,
  signInFirstWaitMinutes: 1,
  signInLongestWaitMinutes: 60,
  /**
   * Per client address (an IPv6 client by its /64), per minute, for each sign-in endpoint: generous, since an office or
   * a mobile carrier puts hundreds of people behind one address.
   */
  authRequestsPerClientPerMinute: 100,
  /** Wrong passwords per client address per hour, whoever they were for: one place can't try a password on everyone. */
  signInFailuresPerClientPerHour: 100,
  /** Mails to one address, whatever they are (confirmation, reset, account exists), and mails asked for by one client. */
  mailsPerRecipientPerHour: 5,
  mailsPerRecipientPerDay: 10,
  mailsPerClientPerHour: 30,
  /** Unsubscribe links with a token Lumin did not make, from one client per hour: a good token is never limited. */
  unsubscribesPerClientPerHour: 30,
  /** Saves of a member's reminders per minute: each unqueues and queues their sends; a person changes them a few times. */
  reminderSavesPerMinute: 30,
  /** Push subscriptions one member keeps: a phone, a laptop and a few more devices. */
  pushSubscriptionsPerMember: 10,
  sessionSlidingDays: 7,
  sessionAbsoluteDays: 30,
  chatMessageChars: 2000,
  /** The name Olo and the weekly home call a member by: a first name or a nickname, not a signature. */
  memberNameChars: 50,
  /**
   * User turns per conversation; the turn that reaches the cap tells Olo to wrap up. A reflection asks two or three
   * short questions, so four turns leave room for one answer that has to be asked again (docs/product.md#journal).
   */
  userTurns: { recap: 12, threshold: 4, goal: 8, reflection: 4 } satisfies Record<ConversationKind, number>,
  modelTurnsPerDay: 200,
  /**
   * The most a model may write in one call. With the turn caps above it bounds a conversation's tokens: a recap of
   * 12 turns writes at most 12 × 2 calls (a reply and its one repair) of this size.
   */
  modelOutputTokens: 1200,
  /** Tokens (prompt and reply, as the provider reports them) one user may spend on Olo per day. */
  modelTokensPerDay: 300_000,
  /**
   * Crisis messages skip every model limit, so nobody in crisis is ever turned away; past this many an hour the help is
   * still given but no more rows are written, so they can't be used to fill the database.
   */
  crisisMessagesPerHour: 30,
  /**
   * Characters the second reader (a provider's moderation classifier) reads for one member per day; past it the
   * deterministic check reads alone (docs/decisions/0051-a-second-reader.md). A chat turn is read with the two messages
   * before it, so a hundred long turns or ten full journal entries fit; one account can't run up the operator's bill.
   */
  moderationCharsPerDay: 200_000,
  /** Each start opens a conversation with Olo; nobody starts this many on purpose. */
  practicesPerHour: 30,
  goalChatsPerHour: 10,
  /**
   * Check-ins written (new ones and changes) per member per day: several a day is the product, a hundred is a script.
   * It bounds what one account can add to the table to a few thousand rows a month.
   */
  checkInWritesPerDay: 100,
  /**
   * Stats asked for per member per minute: each request reconstructs a year of weeks in SQL (decision 0041). Switching
   * ranges a few times a minute is the product; the screen keeps each range's answer while it is open.
   */
  statsPerMinute: 60,
  /** Calendar months and years asked for per member per minute: each is several grouped reads over the member's rows. */
  calendarPerMinute: 60,
  /** Reflections on journal entries begun per member per hour: each may send an entry to the model. */
  reflectionsPerHour: 10,
  /** The most of one line the server voice reads; a longer line is read to its last whole sentence within it. */
  speechChars: 1000,
  /** Speech requests per member per hour, cache hits included. */
  speechPerHour: 60,
  /**
   * Characters the server voice reads for one member per day (cache hits are free). A full day, a recap (up to 14
   * lines), a goal chat (up to 10) and five practices (2 to 6 each), is about 10,000 characters at Olo's 150 to 300 a
   * line; twice that leaves room, and one account can't cost more than 20 of the longest lines a day.
   */
  speechCharsPerDay: 20_000,
} as const
