import { randomUUID } from 'node:crypto'
import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm'
import { greetingName } from '~/core/auth'
import type { ConversationKind } from '~/core/conversation-kinds'
import { DIMENSION_INFO } from '~/core/dimensions'
import { LIMITS } from '~/core/limits'
import {
  AI_NOTICE,
  FINISHED_STATUS,
  RESULT_SCHEMAS,
  SEND_FAILED_MESSAGE,
  type ChatTurn,
  type ConversationResult,
  type GoalResult,
  type RecapResult,
  type ReplyStatus,
  type ThresholdResult,
} from '~/core/olo'
import { AI_NOTICE_EVERY_MS } from '~/core/timings'
import type { Config } from '../config'
import type { Db, Tx } from '../db/client'
import { conversationScripts, conversations, crisisResponseCounts, goalCategories, messages, minigames, rateLimits, user } from '../db/schema'
import { ApiError } from '../http'
import type { Logger } from '../logger'
import { countHitStatement, enforceRateLimit, hitRateLimit, hitValues, secondsLeft, settleRateLimit } from '../rate-limit'
import { createPromptGuard, createReplyScreen, createReplySplitter, parseResultJson, type PromptGuard } from './contract'
import type { Guide, GuideRequest } from './guide'
import { createGuide, mostTokensOfATurn } from './model-guide'
import { compileCrisisPatterns, crisisReply, isCrisisConversation, isHarmfulReply } from './safety'

const HOUR_MS = 60 * 60 * 1000
const DAY_MS = 24 * HOUR_MS
const TALKED_ENOUGH_TODAY = 'Olo has talked a lot with you today. Please come back tomorrow.'
const STILL_ANSWERING = 'Olo is still answering your last message.'
const tokenBudgetKey = (userId: string) => `olo-tokens:${userId}`
/** What every member together may spend on the model in a day (OLO_DAILY_TOKEN_BUDGET). */
const INSTANCE_TOKEN_BUDGET_KEY = 'olo-tokens:instance'
const modelTurnsKey = (userId: string) => `olo:${userId}`
const crisisMessagesKey = (userId: string) => `olo-crisis:${userId}`
const talkedEnough = (retryAfter: number) => new ApiError('RATE_LIMITED', TALKED_ENOUGH_TODAY, { 'Retry-After': String(retryAfter) })
/** An answer marked in flight for longer than a model call may last was left by an instance that stopped mid-answer. */
const staleAnswerAfter = (timeoutMs: number) => timeoutMs + 30_000

/** Saves what a finished conversation produced, in the transaction that finishes it (the recap's rows, a goal...). */
export type Finisher = (tx: Tx, finished: { userId: string; conversationId: string; result: ConversationResult }) => Promise<void>

export interface FinisherEntry {
  save: Finisher
  /** SPEC §8's text when saving fails, e.g. 'Failed to save recap data. Please try again.' */
  failureMessage: string
}

const messageColumns = {
  id: messages.id,
  role: messages.role,
  content: messages.content,
  crisis: messages.crisis,
  createdAt: messages.createdAt,
}

export type StreamEvent =
  | { event: 'delta'; data: { text: string } }
  | { event: 'done'; data: ReplyDone }
  | { event: 'error'; data: { code: 'PROVIDER_FAILED' | 'INTERNAL'; message: string } }

export interface StoredMessage {
  id: string
  role: 'user' | 'assistant'
  content: string
  crisis: boolean
  createdAt: string
}

export interface ReplyDone {
  status: ReplyStatus
  message: StoredMessage
  result: ConversationResult | null
  /** The script's final greeting with the result filled in, for the screen to speak as Olo hands over. */
  greeting: string | null
  /** Set when the message was a crisis: the help card's text. */
  helplines: string | null
}

interface PreparedTurn {
  conversation: typeof conversations.$inferSelect
  kind: ConversationKind
  crisis: boolean
  /** A crisis past its hourly limit: the help is given, nothing more is written. */
  unstored?: boolean
  wrapUp: boolean
  /** What the model is shown: the conversation so far, this message included, crisis messages left out (DESIGN §5). */
  history: ChatTurn[]
  /** Who answers: the configured model, or the offline guide once the instance's daily tokens are spent. */
  guide: Guide
  /** Tokens held against the member's and the instance's daily budgets until the model says what it spent. */
  reserved: number
  /** When this answer was marked in flight; it clears only its own mark. */
  answeringSince: Date | null
}

/**
 * The one conversation engine behind the recap, threshold and goal chats (DESIGN §5): the browser sends only its new
 * message; the script, the history and the rules stay here.
 */
export function createOlo({
  db,
  config,
  logger,
  guide = createGuide(config.olo),
  finishers = {},
}: {
  db: Db
  config: Config
  logger: Logger
  guide?: Guide
  finishers?: Partial<Record<ConversationKind, FinisherEntry>>
}) {
  /** Creates a conversation with Olo's opening message already in it; run inside the caller's transaction. */
  async function open(tx: Db | Tx, { userId, kind, scriptId, subject }: { userId: string; kind: ConversationKind; scriptId: number; subject?: string }) {
    const [script] = await tx.select({ opening: conversationScripts.oloInitialPrompt }).from(conversationScripts).where(eq(conversationScripts.id, scriptId))
    if (!script) throw new ApiError('NOT_FOUND', 'No conversation script available for this exercise.')
    const [conversation] = await tx.insert(conversations).values({ userId, kind, scriptId, subject }).returning({ id: conversations.id })
    const content = await addressed(tx, userId, script.opening)
    await tx.insert(messages).values({ conversationId: conversation!.id, userId, role: 'assistant', content })
    return conversation!.id
  }

  const turnStatements = prepareTurnStatements(db)
  const offlineGuide = createGuide({ ...config.olo, provider: 'offline' })
  compileCrisisPatterns()

  async function owned(userId: string, conversationId: string) {
    const [conversation] = await db
      .select()
      .from(conversations)
      .where(and(eq(conversations.id, conversationId), eq(conversations.userId, userId)))
    if (!conversation) throw new ApiError('NOT_FOUND', 'We could not find that conversation.')
    return conversation
  }

  async function transcript(conversationId: string): Promise<StoredMessage[]> {
    const rows = await db.select(messageColumns).from(messages).where(eq(messages.conversationId, conversationId)).orderBy(asc(messages.seq))
    return rows.map(toStoredMessage)
  }

  /** The whole conversation so far, for a screen that opens or reloads it. */
  async function view(userId: string, conversationId: string) {
    const conversation = await owned(userId, conversationId)
    const result = conversation.result as ConversationResult | null
    return {
      id: conversation.id,
      kind: conversation.kind as ConversationKind,
      status: conversation.status === 'finished' ? ('finished' as const) : ('open' as const),
      flagged: conversation.flagged,
      helplines: conversation.flagged ? config.olo.helplines : null,
      result,
      greeting: await greetingOf(conversation),
      messages: await transcript(conversation.id),
    }
  }

  /** What Olo says as a finished conversation hands over (the script's greeting, filled in); null while it is open. */
  async function greetingOf(conversation: typeof conversations.$inferSelect) {
    const result = conversation.result as ConversationResult | null
    return result ? greetingFor(conversation, conversation.kind as ConversationKind, result) : null
  }

  /** The greeting of one of the member's conversations, for Olo's voice, without reading the conversation's messages. */
  async function greeting(userId: string, conversationId: string) {
    return greetingOf(await owned(userId, conversationId))
  }

  /**
   * Checks and stores the user's message before anything can fail; throws an ApiError (a plain HTTP error) when the
   * message can't be taken. Sending the same message id again retries an unanswered message without storing it twice.
   * Three round trips while the person waits for Olo's first word: the reads, side by side; the tokens the turn may
   * cost, held against the daily budgets; then one statement that claims the conversation for this one answer, counts
   * the turn against the conversation's cap and the daily limit, and stores the message, all or nothing.
   */
  async function take(userId: string, conversationId: string, message: { id: string; content: string }): Promise<PreparedTurn> {
    const now = Date.now()
    const [[row], sofar] = await Promise.all([
      turnStatements.conversationWithMessage.execute({ userId, conversationId, messageId: message.id }),
      // Read before ownership is known and dropped with a 404, so the history costs no round trip of its own.
      turnStatements.history.execute({ conversationId }),
    ])
    if (!row) throw new ApiError('NOT_FOUND', 'We could not find that conversation.')
    const { conversation, earlier: existing } = row
    const kind = conversation.kind as ConversationKind
    if (conversation.status === 'finished') throw new ApiError('CONFLICT', 'This conversation has already ended.')
    const content = message.content.trim()
    const cap = LIMITS.userTurns[kind]

    if (existing) {
      if (existing.conversationId !== conversation.id || existing.content !== content || sofar.at(-1)?.id !== message.id) {
        throw new ApiError('CONFLICT', 'That message was already answered.')
      }
      if (existing.crisis) return { conversation, kind, crisis: true, wrapUp: false, history: [], guide, reserved: 0, answeringSince: null }
      // A retry calls the model again: it counts like a new turn, and waits for an answer in flight like one.
      const history = modelHistory(sofar)
      const { answerer, reserved } = await reserveTokens(userId, conversation, kind, history)
      try {
        await enforceRateLimit(db, modelTurnsKey(userId), LIMITS.modelTurnsPerDay, DAY_MS, TALKED_ENOUGH_TODAY)
        const [claimed] = await turnStatements.claimRetry.execute({ conversationId, userId, cap, now: new Date(now), staleBefore: staleBefore(now) })
        if (!claimed) throw refusal(conversation, cap)
        return { conversation, kind, crisis: false, wrapUp: conversation.userTurns >= cap, history, guide: answerer, reserved, answeringSince: claimed.answeringSince }
      } catch (err) {
        await giveBack(userId, reserved)
        throw err
      }
    }

    // A thought split over messages is read whole too: the last user messages before this one, with it.
    const recent = sofar.filter((m) => m.role === 'user' && !m.crisis).slice(-2).map((m) => m.content)
    if (isCrisisConversation([...recent, content])) {
      const within = await hitRateLimit(db, crisisMessagesKey(userId), LIMITS.crisisMessagesPerHour, HOUR_MS, now)
      if (within.allowed) await db.insert(messages).values({ id: message.id, conversationId: conversation.id, userId, role: 'user', content, crisis: true })
      return { conversation, kind, crisis: true, unstored: !within.allowed, wrapUp: false, history: [], guide, reserved: 0, answeringSince: null }
    }

    const history: ChatTurn[] = [...modelHistory(sofar), { role: 'user', content }]
    const { answerer, reserved } = await reserveTokens(userId, conversation, kind, history)
    const [taken] = await turnStatements.claimTurn
      .execute({
        ...hitValues(modelTurnsKey(userId), DAY_MS, now),
        turnsPerDay: LIMITS.modelTurnsPerDay,
        cap,
        staleBefore: staleBefore(now),
        messageId: message.id,
        conversationId: conversation.id,
        userId,
        content,
      })
      .catch(async (err: unknown) => {
        await giveBack(userId, reserved)
        throw err
      })
    if (taken?.userTurns == null) {
      await giveBack(userId, reserved)
      if (taken?.charged != null && taken.charged > LIMITS.modelTurnsPerDay) throw talkedEnough(secondsLeft(taken.windowStart ?? new Date(now), DAY_MS, now))
      throw refusal(conversation, cap)
    }
    return { conversation, kind, crisis: false, wrapUp: taken.userTurns >= cap, history, guide: answerer, reserved, answeringSince: new Date(now) }
  }

  const staleBefore = (now: number) => new Date(now - staleAnswerAfter(config.olo.timeoutMs))

  /** Why a conversation could not take a turn, read from the row as it was before the attempt. */
  function refusal(conversation: PreparedTurn['conversation'], cap: number) {
    if (conversation.userTurns >= cap) return new ApiError('CONFLICT', `This conversation has reached its limit of ${cap} messages.`)
    // Finished or busy since the row was read: a finished one says so on the next attempt.
    return new ApiError('CONFLICT', STILL_ANSWERING)
  }

  /**
   * Holds the most this turn may cost against the member's daily budget and the instance's, atomically, so parallel
   * turns can't pass either. Over the member's: refused. Over the instance's: the offline guide answers this turn, which
   * costs nothing. The offline provider costs nothing, so it holds nothing.
   */
  async function reserveTokens(userId: string, conversation: PreparedTurn['conversation'], kind: ConversationKind, history: ChatTurn[]) {
    if (config.olo.provider === 'offline') return { answerer: guide, reserved: 0 }
    const script = (await scriptOf(conversation.scriptId))!
    const reserved = mostTokensOfATurn({ kind, masterPrompt: script.masterPrompt, history, wrapUp: true })
    const now = Date.now()
    const [member, instance] = await Promise.all([
      hitRateLimit(db, tokenBudgetKey(userId), LIMITS.modelTokensPerDay, DAY_MS, now, reserved),
      hitRateLimit(db, INSTANCE_TOKEN_BUDGET_KEY, config.olo.dailyTokenBudget, DAY_MS, now, reserved),
    ])
    if (member.allowed && instance.allowed) return { answerer: guide, reserved }
    await giveBack(userId, reserved)
    if (!member.allowed) throw talkedEnough(member.retryAfter)
    logger.warn({ budget: config.olo.dailyTokenBudget }, "the instance's daily token budget is spent: the offline guide answers")
    return { answerer: offlineGuide, reserved: 0 }
  }

  /** Settles a reservation: what the turn really spent replaces what was held. */
  async function settleTokens(userId: string, reserved: number, spent: number) {
    await Promise.all([settleRateLimit(db, tokenBudgetKey(userId), spent - reserved), settleRateLimit(db, INSTANCE_TOKEN_BUDGET_KEY, spent - reserved)])
  }
  const giveBack = (userId: string, reserved: number) => settleTokens(userId, reserved, 0)

  /** Olo's answer to the message just taken, as stream events; failures become an error event, the user's message stays. */
  async function answer(turn: PreparedTurn, clientSignal: AbortSignal, emit: (event: StreamEvent) => Promise<void>) {
    const { conversation, kind } = turn
    const notice = Date.now() - conversation.noticeAt.getTime() >= AI_NOTICE_EVERY_MS ? AI_NOTICE : null
    if (turn.crisis) return giveHelp(turn, notice, emit)

    // AbortSignal.any holds its sources weakly: the deadline stays referenced here until the answer ends, so that no
    // garbage collection can drop it and leave a hung model call without its time-out (seen once under CI's load).
    const deadline = AbortSignal.timeout(config.olo.timeoutMs)
    const harmful = new AbortController()
    const signal = AbortSignal.any([clientSignal, deadline, harmful.signal])
    let stage = 'model'
    let tokens = 0
    const spent = (used: number) => void (tokens += used)
    try {
      const request = await guideRequest(turn)
      const splitter = createReplySplitter()
      const { guard } = (await scriptOf(conversation.scriptId))!
      const echoes = guard.watch()
      const screen = createReplyScreen(isHarmfulReply)
      if (notice) await emit({ event: 'delta', data: { text: `${notice}\n\n` } })
      const show = async (text: string) => {
        if (echoes(text)) throw new Error('The reply repeated the master prompt.')
        const shown = screen.push(text)
        if (shown === null) return false
        if (shown) await emit({ event: 'delta', data: { text: shown } })
        return true
      }
      let safe = true
      for await (const chunk of turn.guide.stream(request, signal, spent)) {
        safe = await show(splitter.push(chunk))
        if (!safe) break
      }
      const { released, visible, tail } = splitter.end()
      if (safe) safe = await show(released)
      const rest = safe ? screen.end() : null
      // The whole reply once more, for a harm no window of it showed.
      if (rest === null || isHarmfulReply(visible)) {
        harmful.abort()
        logger.warn({ conversationId: conversation.id, kind }, "olo's reply was replaced by the help message")
        return await giveHelp(turn, notice, emit)
      }
      if (rest) await emit({ event: 'delta', data: { text: rest } })

      /** A result is what the schema allows, and none of its text repeats the master prompt or could harm. */
      const acceptable = (value: unknown) => {
        const valid = validResult(kind, value)
        if (!valid) return null
        const words = Object.values(valid).flat().join('\n')
        return guard.reveals(words) || isHarmfulReply(words) ? null : valid
      }
      let result: ConversationResult | null = null
      if (tail !== null || turn.wrapUp) {
        result = acceptable(tail === null ? undefined : parseResultJson(tail))
        // DESIGN §5: one structured-output repair when the final JSON is missing or invalid.
        if (!result) result = acceptable(await turn.guide.repair(request, signal, spent))
        if (!result) throw new Error('The model gave no valid result after one repair.')
      }

      stage = 'save'
      const greeting = result ? await greetingFor(conversation, kind, result) : null
      const content = [notice, visible || greeting].filter(Boolean).join('\n\n')
      const stored = await db.transaction(async (tx) => {
        const message = await storeReply(tx, turn, content, false, notice)
        if (result) {
          // Finished once: a second answer racing this one (it can't, while the conversation is claimed) finds it done.
          const [finishing] = await tx
            .update(conversations)
            .set({ status: 'finished', result, finishedAt: new Date() })
            .where(and(eq(conversations.id, conversation.id), eq(conversations.status, 'open')))
            .returning({ id: conversations.id })
          if (!finishing) throw new Error('The conversation was already finished.')
          await finishers[kind]?.save(tx, { userId: conversation.userId, conversationId: conversation.id, result })
        }
        return message
      })
      await emit({ event: 'done', data: { status: result ? FINISHED_STATUS[kind] : 'continue', message: stored, result, greeting, helplines: null } })
    } catch (err) {
      if (clientSignal.aborted) return
      const timedOut = deadline.aborted
      logger.warn({ conversationId: conversation.id, kind, stage, timedOut, err: describe(err) }, 'olo could not answer')
      const message = stage === 'save' ? (finishers[kind]?.failureMessage ?? SEND_FAILED_MESSAGE) : SEND_FAILED_MESSAGE
      await emit({ event: 'error', data: { code: stage === 'save' ? 'INTERNAL' : 'PROVIDER_FAILED', message } })
    } finally {
      await Promise.all([
        turn.reserved || tokens ? settleTokens(conversation.userId, turn.reserved, tokens) : undefined,
        turn.answeringSince ? release(conversation.id, turn.answeringSince) : undefined,
      ])
    }
  }

  /** The conversation is free for its next turn; only this answer's own mark is cleared. */
  async function release(conversationId: string, answeringSince: Date) {
    await db
      .update(conversations)
      .set({ answeringSince: null })
      .where(and(eq(conversations.id, conversationId), eq(conversations.answeringSince, answeringSince)))
  }

  /**
   * The fixed help of DESIGN §5, for a crisis message or in place of a harmful reply: the conversation is flagged and
   * goes on, and the day's anonymous count of crisis responses grows by one.
   */
  async function giveHelp(turn: PreparedTurn, notice: string | null, emit: (event: StreamEvent) => Promise<void>) {
    const reply = [notice, crisisReply(config.olo.helplines)].filter(Boolean).join('\n\n')
    const stored = turn.unstored
      ? unstoredReply(reply)
      : await db.transaction(async (tx) => {
          await tx.update(conversations).set({ flagged: true }).where(eq(conversations.id, turn.conversation.id))
          await countCrisisResponse(tx)
          return storeReply(tx, turn, reply, true, notice)
        })
    await emit({ event: 'delta', data: { text: reply } })
    await emit({ event: 'done', data: { status: 'continue', message: stored, result: null, greeting: null, helplines: config.olo.helplines } })
  }

  async function storeReply(tx: Tx, turn: PreparedTurn, content: string, crisis: boolean, notice: string | null): Promise<StoredMessage> {
    const { conversation } = turn
    if (notice) await tx.update(conversations).set({ noticeAt: new Date() }).where(eq(conversations.id, conversation.id))
    const [row] = await tx.insert(messages).values({ conversationId: conversation.id, userId: conversation.userId, role: 'assistant', content, crisis }).returning(messageColumns)
    return toStoredMessage(row!)
  }

  /**
   * Scripts are reference content, seeded at start-up and never changed while the server runs, so each is read once
   * per process instead of before every reply.
   */
  const scripts = new Map<number, Promise<{ masterPrompt: string; exerciseName: string | null; greetingTemplate: string; guard: PromptGuard } | undefined>>()
  function scriptOf(scriptId: number) {
    let script = scripts.get(scriptId)
    if (!script) {
      script = db
        .select({ masterPrompt: conversationScripts.mistralMasterPrompt, exerciseName: minigames.name, greetingTemplate: conversationScripts.finalGreetingTemplate })
        .from(conversationScripts)
        .leftJoin(minigames, eq(minigames.defaultScriptId, conversationScripts.id))
        .where(eq(conversationScripts.id, scriptId))
        .limit(1)
        // The guard indexes the whole master prompt: built once per script, not before every reply.
        .then(([row]) => row && { ...row, guard: createPromptGuard(row.masterPrompt) })
      script.catch(() => scripts.delete(scriptId))
      scripts.set(scriptId, script)
    }
    return script
  }

  async function guideRequest({ conversation, kind, wrapUp, history }: PreparedTurn): Promise<GuideRequest> {
    const [script, goalCategory] = await Promise.all([
      scriptOf(conversation.scriptId),
      kind === 'goal' && conversation.subject ? categoryName(conversation.subject) : undefined,
    ])
    return {
      kind,
      masterPrompt: script!.masterPrompt,
      history,
      wrapUp,
      goalCategory,
      exerciseName: script!.exerciseName ?? undefined,
    }
  }

  async function categoryName(subject: string) {
    const id = Number(subject)
    if (!Number.isInteger(id)) return undefined
    const [category] = await db.select({ name: goalCategories.name }).from(goalCategories).where(eq(goalCategories.id, id))
    return category?.name
  }

  async function greetingFor(conversation: { scriptId: number; userId: string }, kind: ConversationKind, result: ConversationResult) {
    const script = await scriptOf(conversation.scriptId)
    if (!script) return null
    return addressed(db, conversation.userId, script.greetingTemplate.replace('{user_intention}', () => greetingSubject(kind, result)))
  }

  return { open, view, greeting, take, answer }
}

export type Olo = ReturnType<typeof createOlo>

const MEMBER_NAME = '{member_name}'

/**
 * Olo's words with `{member_name}` made the name the member is called by (docs/decisions/0018), read only when the
 * words hold it. An opening keeps the name it was written with; a greeting is filled each time it is read, so it uses
 * the name as it is now.
 */
async function addressed(db: Db | Tx, userId: string, words: string): Promise<string> {
  if (!words.includes(MEMBER_NAME)) return words
  const [member] = await db.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, userId))
  const name = member ? greetingName(member) : 'friend'
  return words.replaceAll(MEMBER_NAME, () => name)
}

/** What fills {user_intention}: the intention itself, the recap's chosen dimension, or the goal's title. */
function greetingSubject(kind: ConversationKind, result: ConversationResult): string {
  if (kind === 'threshold') return (result as ThresholdResult).intention
  if (kind === 'recap') return `${DIMENSION_INFO[(result as RecapResult).top_priority_dimension].label}.`
  return `${(result as GoalResult).title}.`
}

/** Adds one to today's anonymous count of crisis responses (UTC days): a date and a number, nobody and nothing else. */
async function countCrisisResponse(tx: Tx) {
  await tx
    .insert(crisisResponseCounts)
    .values({ day: sql`(now() at time zone 'utc')::date`, count: 1 })
    .onConflictDoUpdate({ target: crisisResponseCounts.day, set: { count: sql`${crisisResponseCounts.count} + 1` } })
}

/** Help given past the hourly crisis limit: shown like any reply, kept nowhere. */
function unstoredReply(content: string): StoredMessage {
  return { id: randomUUID(), role: 'assistant', content, crisis: true, createdAt: new Date().toISOString() }
}

function toStoredMessage(row: { id: string; role: string; content: string; crisis: boolean; createdAt: Date }): StoredMessage {
  return { ...row, role: row.role === 'user' ? 'user' : 'assistant', createdAt: row.createdAt.toISOString() }
}

function validResult(kind: ConversationKind, value: unknown): ConversationResult | null {
  const parsed = RESULT_SCHEMAS[kind].safeParse(value)
  return parsed.success ? parsed.data : null
}

/** Logs say what failed, never what anyone wrote: an error's message can quote the model's text. */
function describe(err: unknown) {
  if (!(err instanceof Error)) return { name: typeof err }
  return { name: err.name, status: (err as { statusCode?: number }).statusCode }
}

/** The messages a model is shown: crisis messages never reach it (DESIGN §5). */
function modelHistory(sofar: { role: string; content: string; crisis: boolean }[]): ChatTurn[] {
  return sofar.filter((m) => !m.crisis).map((m) => ({ role: m.role === 'user' ? 'user' : 'assistant', content: m.content }))
}

/**
 * The statements of a chat turn, prepared once per database: each connection parses and plans them once, and no query
 * is built again while someone waits for Olo's first word.
 */
function prepareTurnStatements(db: Db) {
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
    .select({ id: messages.id, role: messages.role, content: messages.content, crisis: messages.crisis })
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
