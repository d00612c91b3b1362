import { and, asc, eq, sql } from 'drizzle-orm'
import { DIMENSION_INFO } from '~/core/dimensions'
import { LIMITS } from '~/core/limits'
import {
  FINISHED_STATUS,
  RESULT_SCHEMAS,
  SEND_FAILED_MESSAGE,
  type ChatTurn,
  type ConversationKind,
  type ConversationResult,
  type GoalResult,
  type RecapResult,
  type ReplyStatus,
  type ThresholdResult,
} from '~/core/olo'
import type { Config } from '../config'
import type { Db, Tx } from '../db/client'
import { conversationScripts, conversations, goalCategories, messages, minigames, rateLimits } from '../db/schema'
import { ApiError } from '../http'
import type { Logger } from '../logger'
import { countHitStatement, enforceRateLimit, hitRateLimit, hitValues, readRateLimit, secondsLeft } from '../rate-limit'
import { createPromptGuard, createReplySplitter, parseResultJson, type PromptGuard } from './contract'
import { createGuide, type Guide, type GuideRequest } from './guides'
import { compileCrisisPatterns, crisisReply, isCrisisMessage } from './safety'

const DAY_MS = 24 * 60 * 60 * 1000
const TALKED_ENOUGH_TODAY = 'Olo has talked a lot with you today. Please come back tomorrow.'
const tokenBudgetKey = (userId: string) => `olo-tokens:${userId}`
const modelTurnsKey = (userId: string) => `olo:${userId}`
const talkedEnough = (retryAfter: number) => new ApiError('RATE_LIMITED', TALKED_ENOUGH_TODAY, { 'Retry-After': String(retryAfter) })

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
  wrapUp: boolean
  /** What the model is shown: the conversation so far, this message included, crisis messages left out (DESIGN §5). */
  history: ChatTurn[]
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
    await tx.insert(messages).values({ conversationId: conversation!.id, userId, role: 'assistant', content: script.opening })
    return conversation!.id
  }

  const turnStatements = prepareTurnStatements(db)
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
      greeting: result ? await greetingFor(conversation.scriptId, conversation.kind as ConversationKind, result) : null,
      messages: await transcript(conversation.id),
    }
  }

  /**
   * Checks and stores the user's message before anything can fail; throws an ApiError (a plain HTTP error) when the
   * message can't be taken. Sending the same message id again retries an unanswered message without storing it twice.
   * Two round trips while the person waits for Olo's first word: the reads, side by side, then one statement that
   * counts the turn against the daily limit and, within it, stores the message and counts it in the conversation.
   */
  async function take(userId: string, conversationId: string, message: { id: string; content: string }): Promise<PreparedTurn> {
    const now = Date.now()
    const [[row], sofar, tokensToday] = await Promise.all([
      turnStatements.conversationWithMessage.execute({ userId, conversationId, messageId: message.id }),
      // Read before ownership is known and dropped with a 404, so the history costs no round trip of its own.
      turnStatements.history.execute({ conversationId }),
      readRateLimit(db, tokenBudgetKey(userId), DAY_MS, now),
    ])
    if (!row) throw new ApiError('NOT_FOUND', 'We could not find that conversation.')
    const { conversation, earlier: existing } = row
    const kind = conversation.kind as ConversationKind
    if (conversation.status === 'finished') throw new ApiError('CONFLICT', 'This conversation has already ended.')
    const content = message.content.trim()
    // The model limits come last: a crisis message is answered without the model, so none of them keeps it from being heard.
    const withinTokenBudget = () => {
      if (tokensToday.count >= LIMITS.modelTokensPerDay) throw talkedEnough(tokensToday.retryAfter)
    }

    if (existing) {
      if (existing.conversationId !== conversation.id || existing.content !== content || sofar.at(-1)?.id !== message.id) {
        throw new ApiError('CONFLICT', 'That message was already answered.')
      }
      // A retry calls the model again, so it counts like a new turn.
      if (!existing.crisis) {
        withinTokenBudget()
        await enforceRateLimit(db, modelTurnsKey(userId), LIMITS.modelTurnsPerDay, DAY_MS, TALKED_ENOUGH_TODAY)
      }
      return { conversation, kind, crisis: existing.crisis, wrapUp: conversation.userTurns >= LIMITS.userTurns[kind], history: modelHistory(sofar) }
    }

    if (isCrisisMessage(content)) {
      await db.insert(messages).values({ id: message.id, conversationId: conversation.id, userId, role: 'user', content, crisis: true })
      return { conversation, kind, crisis: true, wrapUp: false, history: [] }
    }

    const cap = LIMITS.userTurns[kind]
    if (conversation.userTurns >= cap) throw new ApiError('CONFLICT', `This conversation has reached its limit of ${cap} messages.`)
    withinTokenBudget()
    const [taken] = await turnStatements.storeCountedMessage.execute({
      ...hitValues(modelTurnsKey(userId), DAY_MS, now),
      turnsPerDay: LIMITS.modelTurnsPerDay,
      messageId: message.id,
      conversationId: conversation.id,
      userId,
      content,
    })
    if (taken?.userTurns == null) throw talkedEnough(secondsLeft(taken?.windowStart ?? new Date(now), DAY_MS, now))
    return { conversation, kind, crisis: false, wrapUp: taken.userTurns >= cap, history: [...modelHistory(sofar), { role: 'user', content }] }
  }

  /** Olo's answer to the message just taken, as stream events; failures become an error event, the user's message stays. */
  async function answer(turn: PreparedTurn, clientSignal: AbortSignal, emit: (event: StreamEvent) => Promise<void>) {
    const { conversation, kind } = turn
    if (turn.crisis) {
      const reply = crisisReply(config.olo.helplines)
      const stored = await db.transaction(async (tx) => {
        await tx.update(conversations).set({ flagged: true }).where(eq(conversations.id, conversation.id))
        return storeReply(tx, conversation, reply, true)
      })
      await emit({ event: 'delta', data: { text: reply } })
      await emit({ event: 'done', data: { status: 'continue', message: stored, result: null, greeting: null, helplines: config.olo.helplines } })
      return
    }

    // AbortSignal.any holds its sources weakly: the deadline stays referenced here until the answer ends, so that no
    // garbage collection can drop it and leave a hung model call without its time-out (seen once under CI's load).
    const deadline = AbortSignal.timeout(config.olo.timeoutMs)
    const signal = AbortSignal.any([clientSignal, deadline])
    let stage = 'model'
    let tokens = 0
    const spent = (used: number) => void (tokens += used)
    try {
      const request = await guideRequest(turn)
      const splitter = createReplySplitter()
      const { guard } = (await scriptOf(conversation.scriptId))!
      let shown = ''
      for await (const chunk of guide.stream(request, signal, spent)) {
        const text = splitter.push(chunk)
        shown += text
        if (guard.reveals(shown)) throw new Error('The reply repeated the master prompt.')
        if (text) await emit({ event: 'delta', data: { text } })
      }
      const { released, visible, tail } = splitter.end()
      if (guard.reveals(visible)) throw new Error('The reply repeated the master prompt.')
      if (released) await emit({ event: 'delta', data: { text: released } })

      /** A result is what the schema allows, and none of its text repeats the master prompt. */
      const acceptable = (value: unknown) => {
        const valid = validResult(kind, value)
        return valid && !guard.reveals(Object.values(valid).flat().join('\n')) ? valid : null
      }
      let result: ConversationResult | null = null
      if (tail !== null || turn.wrapUp) {
        result = acceptable(tail === null ? undefined : parseResultJson(tail))
        // DESIGN §5: one structured-output repair when the final JSON is missing or invalid.
        if (!result) result = acceptable(await guide.repair(request, signal, spent))
        if (!result) throw new Error('The model gave no valid result after one repair.')
      }

      stage = 'save'
      const greeting = result ? await greetingFor(conversation.scriptId, kind, result) : null
      const content = visible || greeting || ''
      const stored = await db.transaction(async (tx) => {
        const message = await storeReply(tx, conversation, content, false)
        if (result) {
          await tx.update(conversations).set({ status: 'finished', result, finishedAt: new Date() }).where(eq(conversations.id, conversation.id))
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
      if (tokens > 0) await hitRateLimit(db, tokenBudgetKey(conversation.userId), LIMITS.modelTokensPerDay, DAY_MS, Date.now(), tokens)
    }
  }

  async function storeReply(tx: Tx, conversation: PreparedTurn['conversation'], content: string, crisis: boolean): Promise<StoredMessage> {
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

  async function greetingFor(scriptId: number, kind: ConversationKind, result: ConversationResult) {
    const script = await scriptOf(scriptId)
    return script ? script.greetingTemplate.replace('{user_intention}', () => greetingSubject(kind, result)) : null
  }

  return { open, view, take, answer }
}

export type Olo = ReturnType<typeof createOlo>

/** What fills {user_intention}: the intention itself, the recap's chosen dimension, or the goal's title. */
function greetingSubject(kind: ConversationKind, result: ConversationResult): string {
  if (kind === 'threshold') return (result as ThresholdResult).intention
  if (kind === 'recap') return `${DIMENSION_INFO[(result as RecapResult).top_priority_dimension].label}.`
  return `${(result as GoalResult).title}.`
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

  // Data-modifying CTEs: the turn is counted against the daily limit; only within it is the message stored, and only a
  // stored message counts in the conversation. Refused, the statement stores nothing and returns no conversation count.
  const charged = db.$with('charged', { count: rateLimits.count, windowStart: rateLimits.windowStart }).as(countHitStatement(db).getSQL())
  const storedColumns = [messages.id, messages.conversationId, messages.userId, messages.role, messages.content]
  const stored = db.$with('stored', { id: messages.id }).as(
    sql`insert into ${messages} (${sql.join(
      storedColumns.map((column) => sql.identifier(column.name)),
      sql`, `,
    )}) select ${placeholder('messageId')}::uuid, ${placeholder('conversationId')}::uuid, ${placeholder('userId')}, 'user', ${placeholder('content')} from ${charged} where ${charged.count} <= ${placeholder('turnsPerDay')} returning ${messages.id}`,
  )
  const counted = db.$with('counted', { userTurns: conversations.userTurns }).as(
    db
      .update(conversations)
      .set({ userTurns: sql`${conversations.userTurns} + 1` })
      .where(and(eq(conversations.id, placeholder('conversationId')), sql`exists (select 1 from ${stored})`))
      .returning({ userTurns: conversations.userTurns })
      .getSQL(),
  )
  const storeCountedMessage = db
    .with(charged, stored, counted)
    .select({ windowStart: charged.windowStart, userTurns: sql<number | null>`(select ${counted.userTurns} from ${counted})` })
    .from(charged)
    .prepare('olo_store_counted_message')

  return { conversationWithMessage, history, storeCountedMessage }
}
