import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm'
import type { ConversationKind } from '~/core/conversation-kinds'
import { LIMITS } from '~/core/limits'
import type { ChatTurn } from '~/core/olo'
import type { Db } from '../db/client'
import { conversations, messages, rateLimits } from '../db/schema'
import { ApiError } from '../http'
import { countHitStatement, enforceRateLimit, hitRateLimit, hitValues, secondsLeft } from '../rate-limit'
import { DAY_MS, giveBack, reserveTokens, talkedEnough, TALKED_ENOUGH_TODAY, type BudgetDeps } from './daily-budget'
import type { CrisisReader } from './crisis-reader'
import { distressHoldsBack, isDenial, isDistressedConversation } from './distress'
import type { Guide, SubjectReaders, Subjects } from './guide'

const HOUR_MS = 60 * 60 * 1000
const STILL_ANSWERING = 'Olo is still answering your last message.'
/** A reflection's turn once its journal entry has been deleted (docs/product.md#journal). */
const ENTRY_GONE = 'This journal entry has been deleted, so this reflection has ended.'
const modelTurnsKey = (userId: string) => `olo:${userId}`
const crisisMessagesKey = (userId: string) => `olo-crisis:${userId}`
/** An answer marked in flight for longer than a model call may last was left by an instance that stopped mid-answer. */
const staleAnswerAfter = (timeoutMs: number) => timeoutMs + 30_000

/** A message taken and stored, waiting for Olo's answer. */
export interface PreparedTurn {
  conversation: typeof conversations.$inferSelect
  kind: ConversationKind
  crisis: boolean
  /**
   * The member, shown the help within the hour, says they are fine or were misread: believed, answered in a fixed
   * line, and kept from the guides with the crisis it answers (docs/decisions/0052).
   */
  believed?: boolean
  /** A crisis, or a denial, past the hourly limit: the answer is given, nothing more is written. */
  unstored?: boolean
  /**
   * The member's last messages, read together, speak of distress in a chat whose result would keep their words: the
   * turn can't finish the chat and doesn't use up one of its turns (docs/decisions/0052).
   */
  distressed: boolean
  wrapUp: boolean
  /**
   * What the model is shown: the conversation so far, this message included, crisis messages left out
   * (docs/product.md#safety).
   */
  history: ChatTurn[]
  /** Who answers: the configured model, or the offline guide once the instance's daily tokens are spent. */
  guide: Guide
  /**
   * What the conversation talks over, read once for this turn (its reservation and its answer): a reflection's entry
   * and the member's practices, a recap's week.
   */
  subjects: Subjects
  /** Tokens held against the member's and the instance's daily budgets until the model says what it spent. */
  reserved: number
  /** When this answer was marked in flight; it clears only its own mark. */
  answeringSince: Date | null
}

export interface TakeDeps extends BudgetDeps {
  statements: TurnStatements
  subjects: SubjectReaders
  crisis: CrisisReader
}

/**
 * Checks and stores the user's message before anything can fail; throws an ApiError (a plain HTTP error) when the
 * message can't be taken. Sending the same message id again retries an unanswered message without storing it twice.
 * Three round trips while the person waits for Olo's first word: the reads, side by side; the tokens the turn may
 * cost, held against the daily budgets; then one statement that claims the conversation for this one answer, counts
 * the turn against the conversation's cap and the daily limit, and stores the message, all or nothing.
 */
export async function takeTurn(deps: TakeDeps, userId: string, conversationId: string, message: { id: string; content: string }): Promise<PreparedTurn> {
  const { db, config, guide, statements, subjects, crisis } = deps
  const now = Date.now()
  const staleBefore = new Date(now - staleAnswerAfter(config.olo.timeoutMs))
  const [[row], sofar] = await Promise.all([
    statements.conversationWithMessage.execute({ userId, conversationId, messageId: message.id }),
    // Read before ownership is known and dropped with a 404, so the history costs no round trip of its own.
    statements.history.execute({ conversationId }),
  ])
  if (!row) throw new ApiError('NOT_FOUND', 'We could not find that conversation.')
  const { conversation, earlier: existing } = row
  const { kind } = conversation
  if (conversation.status === 'finished') throw new ApiError('CONFLICT', 'This conversation has already ended.')
  const content = message.content.trim()
  const cap = LIMITS.userTurns[kind]
  // One more round trip, for a reflection and, when a model answers, a recap: what they talk over is the member's own
  // data, which their feature reads. The offline guide's recap needs nothing of it.
  const subjectsOf = async (): Promise<Subjects> => {
    if (kind === 'reflection' && subjects.reflection) {
      const reflection = await subjects.reflection(db, conversation)
      // Deleted while its reflection was open (in another tab): nothing is left to talk over, and nothing is stored.
      if (!reflection) throw new ApiError('NOT_FOUND', ENTRY_GONE)
      return { reflection }
    }
    if (kind === 'recap' && config.olo.provider !== 'offline') return { recap: await subjects.recap?.(db, conversation) }
    return {}
  }

  if (existing) {
    if (existing.conversationId !== conversation.id || existing.content !== content || sofar.at(-1)?.id !== message.id) {
      throw new ApiError('CONFLICT', 'That message was already answered.')
    }
    const heard = await hear(crisis, userId, kind, sofar.slice(0, -1), content, now)
    if (existing.crisis) return { ...answeredWithoutAGuide(conversation, guide), crisis: !heard.believed, believed: heard.believed }
    // A retry calls the model again: it counts like a new turn, and waits for an answer in flight like one.
    const history = modelHistory(sofar)
    const read = await subjectsOf()
    const { answerer, reserved } = await reserveTokens(deps, userId, conversation, { kind, history, distressed: heard.distressed, ...read })
    try {
      await enforceRateLimit(db, modelTurnsKey(userId), LIMITS.modelTurnsPerDay, DAY_MS, TALKED_ENOUGH_TODAY)
      const [claimed] = await statements.claimRetry.execute({ conversationId, userId, cap, now: new Date(now), staleBefore })
      if (!claimed) throw refusal(conversation, cap)
      const wrapUp = !heard.distressed && conversation.userTurns >= cap
      return { conversation, kind, crisis: false, distressed: heard.distressed, wrapUp, history, guide: answerer, subjects: read, reserved, answeringSince: claimed.answeringSince }
    } catch (err) {
      await giveBack(db, userId, reserved)
      throw err
    }
  }

  const heard = await hear(crisis, userId, kind, sofar, content, now)
  if (heard.crisis || heard.believed) {
    const within = await hitRateLimit(db, crisisMessagesKey(userId), LIMITS.crisisMessagesPerHour, HOUR_MS, now)
    if (within.allowed) await db.insert(messages).values({ id: message.id, conversationId: conversation.id, userId, role: 'user', content, crisis: true })
    return { ...answeredWithoutAGuide(conversation, guide), crisis: heard.crisis, believed: heard.believed, unstored: !within.allowed }
  }

  const history: ChatTurn[] = [...modelHistory(sofar), { role: 'user', content }]
  const read = await subjectsOf()
  const { answerer, reserved } = await reserveTokens(deps, userId, conversation, { kind, history, distressed: heard.distressed, ...read })
  const [taken] = await statements.claimTurn
    .execute({
      ...hitValues(modelTurnsKey(userId), DAY_MS, now),
      turnsPerDay: LIMITS.modelTurnsPerDay,
      cap,
      staleBefore,
      messageId: message.id,
      conversationId: conversation.id,
      userId,
      content,
    })
    .catch(async (err: unknown) => {
      await giveBack(db, userId, reserved)
      throw err
    })
  if (taken?.userTurns == null) {
    await giveBack(db, userId, reserved)
    if (taken?.charged != null && taken.charged > LIMITS.modelTurnsPerDay) throw talkedEnough(secondsLeft(taken.windowStart ?? new Date(now), DAY_MS, now))
    throw refusal(conversation, cap)
  }
  const wrapUp = !heard.distressed && taken.userTurns >= cap
  return { conversation, kind, crisis: false, distressed: heard.distressed, wrapUp, history, guide: answerer, subjects: read, reserved, answeringSince: new Date(now) }
}

/**
 * How a new message is heard (docs/product.md#safety, docs/decisions/0052). A thought split over messages is read whole:
 * the last user messages before this one, with it. A crisis is answered with the help. Within the hour after the help
 * was last given in this chat, distress counts as a crisis too, and a member who says they are fine or were misread is
 * believed for that message, even when it quotes what it denies. Distress is otherwise answered with care where the
 * chat's result would keep the member's words. The crisis is heard by the crisis reader: the deterministic check, then
 * the provider's classifier where one is configured (docs/decisions/0051).
 */
async function hear(crisis: CrisisReader, userId: string, kind: ConversationKind, sofar: readonly HistoryRow[], content: string, now: number) {
  const recent = [...sofar.filter((m) => m.role === 'user' && !m.crisis).slice(-2).map((m) => m.content), content]
  const helpedAt = sofar.findLast((m) => m.role === 'assistant' && m.crisis)?.createdAt
  const helpedLately = helpedAt !== undefined && now - helpedAt.getTime() < HOUR_MS
  if (helpedLately && isDenial(content)) return { crisis: false, believed: true, distressed: false }
  if (await crisis.conversation(userId, recent)) return { crisis: true, believed: false, distressed: false }
  const distressed = (helpedLately || distressHoldsBack(kind)) && isDistressedConversation(recent)
  return { crisis: helpedLately && distressed, believed: false, distressed: distressed && distressHoldsBack(kind) }
}

/** A turn Olo answers with a fixed message, no guide asked: the help, or the line that believes a denial. */
function answeredWithoutAGuide(conversation: PreparedTurn['conversation'], guide: Guide) {
  return { conversation, kind: conversation.kind, distressed: false, wrapUp: false, history: [], guide, subjects: {}, reserved: 0, answeringSince: null }
}

/** Why a conversation could not take a turn, read from the row as it was before the attempt. */
function refusal(conversation: PreparedTurn['conversation'], cap: number) {
  if (conversation.userTurns >= cap) return new ApiError('CONFLICT', `This conversation has reached its limit of ${cap} messages.`)
  // Finished or busy since the row was read: a finished one says so on the next attempt.
  return new ApiError('CONFLICT', STILL_ANSWERING)
}

type HistoryRow = Awaited<ReturnType<TurnStatements['history']['execute']>>[number]

/** The messages a model is shown: crisis messages never reach it (docs/product.md#safety). */
function modelHistory(sofar: readonly HistoryRow[]): ChatTurn[] {
  return sofar.filter((m) => !m.crisis).map((m) => ({ role: m.role === 'user' ? 'user' : 'assistant', content: m.content }))
}

/**
 * The statements of a chat turn, prepared once per database: each connection parses and plans them once, and no query
 * is built again while someone waits for Olo's first word.
 */
export function prepareTurnStatements(db: Db) {
  const placeholder = sql.placeholder
  /** The user's conversation and, when this message id was taken before (a retry), that message. */
  const conversationWithMessage = db
    .select({
      conversation: conversations,
      earlier: { conversationId: messages.conversationId, content: messages.content, crisis: messages.crisis, seq: messages.seq },
    })
    .from(conversations)
    .leftJoin(messages, eq(messages.id, placeholder('messageId')))
    .where(and(eq(conversations.id, placeholder('conversationId')), eq(conversations.userId, placeholder('userId'))))
    .prepare('olo_conversation_with_message')

  const history = db
    .select({ id: messages.id, role: messages.role, content: messages.content, crisis: messages.crisis, createdAt: messages.createdAt })
    .from(messages)
    .where(eq(messages.conversationId, placeholder('conversationId')))
    .orderBy(asc(messages.seq))
    .prepare('olo_history')

  // One statement, all or nothing (data-modifying CTEs). The conversation is claimed for this one answer only when it is
  // open, under its turn cap and not answering another message (its row locked, so a parallel send waits and then finds
  // it claimed); only then is the turn counted against the daily limit, and only within that limit is the conversation's
  // turn counted, the claim marked and the message stored. A refusal changes nothing but the daily count's own hit.
  const claimable = and(
    eq(conversations.id, placeholder('conversationId')),
    eq(conversations.userId, placeholder('userId')),
    eq(conversations.status, 'open'),
    or(isNull(conversations.answeringSince), lt(conversations.answeringSince, placeholder('staleBefore'))),
  )
  const eligible = db.$with('eligible').as(
    db
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(claimable, lt(conversations.userTurns, placeholder('cap'))))
      .for('update'),
  )
  const charged = db
    .$with('charged', { count: rateLimits.count, windowStart: rateLimits.windowStart })
    .as(countHitStatement(db, { onlyIf: sql`${eligible}` }).getSQL())
  const claimed = db.$with('claimed', { userTurns: conversations.userTurns }).as(
    db
      .update(conversations)
      .set({ userTurns: sql`${conversations.userTurns} + 1`, answeringSince: sql`${placeholder('now')}::timestamptz` })
      .where(and(sql`${conversations.id} in (select id from ${eligible})`, sql`exists (select 1 from ${charged} where ${charged.count} <= ${placeholder('turnsPerDay')})`))
      .returning({ userTurns: conversations.userTurns })
      .getSQL(),
  )
  const storedColumns = [messages.id, messages.conversationId, messages.userId, messages.role, messages.content]
  const stored = db.$with('stored', { id: messages.id }).as(
    sql`insert into ${messages} (${sql.join(
      storedColumns.map((column) => sql.identifier(column.name)),
      sql`, `,
    )}) select ${placeholder('messageId')}::uuid, ${placeholder('conversationId')}::uuid, ${placeholder('userId')}, 'user', ${placeholder('content')} from ${claimed} returning ${messages.id}`,
  )
  const claimTurn = db
    .with(eligible, charged, claimed, stored)
    .select({
      userTurns: sql<number | null>`(select ${claimed.userTurns} from ${claimed})`,
      charged: sql<number | null>`(select ${charged.count} from ${charged})`,
      windowStart: sql<Date | null>`(select ${charged.windowStart} from ${charged})`.mapWith(rateLimits.windowStart),
      stored: sql<string | null>`(select ${stored.id} from ${stored})`,
    })
    .from(sql`(select 1) as turn`)
    .prepare('olo_claim_turn')

  /** A retried message: the conversation is claimed for its answer, with no new turn (the message was counted once). */
  const claimRetry = db
    .update(conversations)
    .set({ answeringSince: sql`${placeholder('now')}::timestamptz` })
    .where(and(claimable, sql`${conversations.userTurns} <= ${placeholder('cap')}`))
    .returning({ answeringSince: conversations.answeringSince })
    .prepare('olo_claim_retry')

  return { conversationWithMessage, history, claimTurn, claimRetry }
}

type TurnStatements = ReturnType<typeof prepareTurnStatements>
