import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import type { ConversationKind } from '~/core/conversation-kinds'
import { AI_NOTICE, FINISHED_STATUS, RESULT_SCHEMAS, SEND_FAILED_MESSAGE, type ConversationResult, type ReplyStatus } from '~/core/olo'
import { AI_NOTICE_EVERY_MS } from '~/core/timings'
import type { Config } from '../config'
import type { Db, Tx } from '../db/client'
import { conversations, goalCategories, messages } from '../db/schema'
import type { Logger } from '../logger'
import { createReplyScreen, createReplySplitter, parseResultJson } from './contract'
import { countCrisisResponse } from './crisis-count'
import { crisisReply } from './crisis-reply'
import { settleTokens } from './daily-budget'
import { BELIEVED_REPLY, CARE_REPLY, resultIsUnfinished, resultSpeaksOfDistress } from './distress'
import { finishConversation, type Finishers } from './finish'
import type { GuideRequest, TokenMeter } from './guide'
import { isHarmfulReply } from './safety'
import { greetingFor, type ScriptOf } from './script-reader'
import type { PreparedTurn } from './take'

export type StreamEvent =
  | { event: 'delta'; data: { text: string } }
  | { event: 'done'; data: ReplyDone }
  | { event: 'error'; data: { code: 'PROVIDER_FAILED' | 'INTERNAL'; message: string } }

/** One stored message as the screens get it: the messages table's row, its time as an ISO string. */
export type StoredMessage = Pick<typeof messages.$inferSelect, 'id' | 'role' | 'content' | 'crisis'> & { createdAt: string }

export interface ReplyDone {
  status: ReplyStatus
  message: StoredMessage
  result: ConversationResult | null
  /** The script's final greeting with the result filled in, for the screen to speak as Olo hands over. */
  greeting: string | null
  /** The message was a crisis: the screen shows the help card (docs/product.md#help-card). */
  help: boolean
}

type Emit = (event: StreamEvent) => Promise<void>

export interface AnswerDeps {
  db: Db
  config: Config
  logger: Logger
  finishers: Finishers
  scriptOf: ScriptOf
}

export const messageColumns = {
  id: messages.id,
  role: messages.role,
  content: messages.content,
  crisis: messages.crisis,
  createdAt: messages.createdAt,
}

/** Olo's answer to the message just taken, as stream events; failures become an error event, the user's message stays. */
export async function answerTurn(deps: AnswerDeps, turn: PreparedTurn, clientSignal: AbortSignal, emit: Emit) {
  const { db, config, logger, finishers } = deps
  const { conversation, kind } = turn
  const notice = Date.now() - conversation.noticeAt.getTime() >= AI_NOTICE_EVERY_MS ? AI_NOTICE : null
  if (turn.believed) return believe(deps, turn, notice, emit)
  if (turn.crisis) return giveHelp(deps, turn, notice, emit)

  // AbortSignal.any holds its sources weakly: the deadline stays referenced here until the answer ends, so that no
  // garbage collection can drop it and leave a hung model call without its time-out (seen once under CI's load).
  const deadline = AbortSignal.timeout(config.olo.timeoutMs)
  const harmful = new AbortController()
  const signal = AbortSignal.any([clientSignal, deadline, harmful.signal])
  let stage: 'model' | 'save' = 'model'
  let tokens = 0
  const spent = (used: number) => void (tokens += used)
  try {
    const reply = await streamReply(deps, turn, notice, signal, spent, emit)
    if (reply === 'harmful') {
      harmful.abort()
      logger.warn({ conversationId: conversation.id, kind }, "olo's reply was replaced by the help message")
      return await giveHelp(deps, turn, notice, emit)
    }
    if (reply === 'refused') {
      logger.info({ conversationId: conversation.id, kind }, 'a result that spoke of distress was refused')
      stage = 'save'
      return await giveCare(deps, turn, notice, emit)
    }
    stage = 'save'
    const { message, greeting } = await saveReply(deps, turn, notice, reply)
    await emit({ event: 'done', data: { status: reply.result ? FINISHED_STATUS[kind] : 'continue', message, result: reply.result, greeting, help: false } })
  } catch (err) {
    if (clientSignal.aborted) return
    const timedOut = deadline.aborted
    logger.warn({ conversationId: conversation.id, kind, stage, timedOut, err: describe(err) }, 'olo could not answer')
    const message = stage === 'save' ? (finishers[kind]?.failureMessage ?? SEND_FAILED_MESSAGE) : SEND_FAILED_MESSAGE
    await emit({ event: 'error', data: { code: stage === 'save' ? 'INTERNAL' : 'PROVIDER_FAILED', message } })
  } finally {
    await Promise.all([
      turn.reserved || tokens ? settleTokens(db, conversation.userId, turn.reserved, tokens) : undefined,
      turn.answeringSince ? release(db, conversation.id, turn.answeringSince) : undefined,
    ])
  }
}

/**
 * The guide's reply, shown a clause at a time as it is written, each clause screened for harm and for the master
 * prompt first; then its result, when the reply ends the conversation or must. 'harmful' when the reply could harm:
 * the caller gives the help instead. 'refused' when the reply would finish a distressed turn or its result speaks of
 * distress: the caller answers with care, and no repair is asked for, since none can make distress an intention
 * (docs/decisions/0052). A distressed turn's reply is held until it is known to stand, so nothing it would have
 * finished with is shown. Throws when the reply repeats the master prompt or no valid result comes.
 */
async function streamReply(
  deps: AnswerDeps,
  turn: PreparedTurn,
  notice: string | null,
  signal: AbortSignal,
  spent: TokenMeter,
  emit: Emit,
): Promise<{ visible: string; result: ConversationResult | null } | 'harmful' | 'refused'> {
  const { conversation, kind } = turn
  const request = await guideRequest(deps, turn)
  const splitter = createReplySplitter()
  const { guard } = (await deps.scriptOf(conversation.scriptId))!
  const echoes = guard.watch()
  const screen = createReplyScreen(isHarmfulReply)
  if (notice) await emit({ event: 'delta', data: { text: `${notice}\n\n` } })
  let held = ''
  const pass = async (text: string) => {
    if (!text) return
    if (turn.distressed) held += text
    else await emit({ event: 'delta', data: { text } })
  }
  const show = async (text: string) => {
    if (echoes(text)) throw new Error('The reply repeated the master prompt.')
    const shown = screen.push(text)
    if (shown === null) return false
    await pass(shown)
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
  if (rest === null || isHarmfulReply(visible)) return 'harmful'
  await pass(rest)
  // Whatever it would have finished with, a distressed turn doesn't finish the chat.
  if (turn.distressed && tail !== null) return 'refused'

  /** A result is what the schema allows, and none of its text repeats the master prompt or could harm. */
  const acceptable = (value: unknown) => {
    const valid = validResult(kind, value)
    if (!valid) return null
    const words = Object.values(valid).flat().join('\n')
    if (guard.reveals(words) || isHarmfulReply(words)) return null
    return resultSpeaksOfDistress(kind, valid) ? 'refused' : valid
  }
  let result: ConversationResult | 'refused' | null = null
  if (tail !== null || turn.wrapUp) {
    result = acceptable(tail === null ? undefined : parseResultJson(tail))
    // One structured-output repair when the final JSON is missing or invalid (docs/product.md#olo).
    if (!result) result = acceptable(await turn.guide.repair(request, signal, spent))
    if (!result) throw new Error('The model gave no valid result after one repair.')
  }
  if (result === 'refused') return result
  if (held) await emit({ event: 'delta', data: { text: held } })
  return { visible, result }
}

/** Stores Olo's reply and, when it carries a result, finishes the conversation, in one transaction. */
async function saveReply(deps: AnswerDeps, turn: PreparedTurn, notice: string | null, { visible, result }: { visible: string; result: ConversationResult | null }) {
  const { db, finishers, scriptOf } = deps
  const { conversation, kind } = turn
  const greeting = result ? await greetingFor(db, scriptOf, conversation, kind, result) : null
  const content = [notice, visible || greeting].filter(Boolean).join('\n\n')
  const message = await db.transaction(async (tx) => {
    if (turn.distressed) await giveTurnBack(tx, conversation.id)
    const stored = await storeReply(tx, turn, content, false, notice)
    if (result) await finishConversation(tx, finishers, conversation, kind, result)
    return stored
  })
  return { message, greeting }
}

/**
 * A turn that couldn't finish the chat for distress doesn't use up one of its turns, so a member who says how hard it
 * is can still set an intention or a goal afterwards, and a chat at its turn cap is never stuck open without its last
 * turn (docs/decisions/0052).
 */
async function giveTurnBack(tx: Tx, conversationId: string) {
  await tx
    .update(conversations)
    .set({ userTurns: sql`greatest(${conversations.userTurns} - 1, 0)` })
    .where(eq(conversations.id, conversationId))
}

/** The conversation is free for its next turn; only this answer's own mark is cleared. */
async function release(db: Db, conversationId: string, answeringSince: Date) {
  await db
    .update(conversations)
    .set({ answeringSince: null })
    .where(and(eq(conversations.id, conversationId), eq(conversations.answeringSince, answeringSince)))
}

/**
 * The fixed help of docs/product.md#safety, for a crisis message or in place of a harmful reply: the conversation is
 * flagged and goes on, and the day's anonymous count of crisis responses grows by one.
 */
async function giveHelp(deps: AnswerDeps, turn: PreparedTurn, notice: string | null, emit: Emit) {
  await giveFixedReply(deps, turn, notice, emit, { text: crisisReply(deps.config.olo.helplines), crisis: true, help: true }, async (tx) => {
    await tx.update(conversations).set({ flagged: true }).where(eq(conversations.id, turn.conversation.id))
    await countCrisisResponse(tx)
  })
}

/**
 * The line that believes a member who, after the help, says they are fine or were misread (docs/decisions/0052): kept
 * from the guides with the exchange it ends, and no help again for that message.
 */
async function believe(deps: AnswerDeps, turn: PreparedTurn, notice: string | null, emit: Emit) {
  await giveFixedReply(deps, turn, notice, emit, { text: BELIEVED_REPLY, crisis: true, help: false })
}

/**
 * Care instead of a result that can't be kept (docs/decisions/0052): the chat goes on, nothing is finished, and the
 * turn is given back.
 */
async function giveCare(deps: AnswerDeps, turn: PreparedTurn, notice: string | null, emit: Emit) {
  await giveFixedReply(deps, turn, notice, emit, { text: CARE_REPLY, crisis: false, help: false }, (tx) => giveTurnBack(tx, turn.conversation.id))
}

/** One of Olo's fixed replies, stored (unless past the hourly limit) after what else its transaction must do. */
async function giveFixedReply(
  { db }: AnswerDeps,
  turn: PreparedTurn,
  notice: string | null,
  emit: Emit,
  { text, crisis, help }: { text: string; crisis: boolean; help: boolean },
  alongside?: (tx: Tx) => Promise<void>,
) {
  const reply = [notice, text].filter(Boolean).join('\n\n')
  const stored = turn.unstored
    ? unstoredReply(reply, crisis)
    : await db.transaction(async (tx) => {
        await alongside?.(tx)
        return storeReply(tx, turn, reply, crisis, notice)
      })
  await emit({ event: 'delta', data: { text: reply } })
  await emit({ event: 'done', data: { status: 'continue', message: stored, result: null, greeting: null, help } })
}

async function storeReply(tx: Tx, turn: PreparedTurn, content: string, crisis: boolean, notice: string | null): Promise<StoredMessage> {
  const { conversation } = turn
  if (notice) await tx.update(conversations).set({ noticeAt: new Date() }).where(eq(conversations.id, conversation.id))
  const [row] = await tx.insert(messages).values({ conversationId: conversation.id, userId: conversation.userId, role: 'assistant', content, crisis }).returning(messageColumns)
  return toStoredMessage(row!)
}

async function guideRequest({ db, scriptOf }: AnswerDeps, { conversation, kind, wrapUp, distressed, history, subjects }: PreparedTurn): Promise<GuideRequest> {
  const [script, goalCategory] = await Promise.all([
    scriptOf(conversation.scriptId),
    kind === 'goal' && conversation.subject ? categoryName(db, conversation.subject) : undefined,
  ])
  return {
    kind,
    masterPrompt: script!.masterPrompt,
    history,
    wrapUp,
    distressed,
    goalCategory,
    exerciseName: script!.exerciseName ?? undefined,
    ...subjects,
  }
}

async function categoryName(db: Db, subject: string) {
  const id = Number(subject)
  if (!Number.isInteger(id)) return undefined
  const [category] = await db.select({ name: goalCategories.name }).from(goalCategories).where(eq(goalCategories.id, id))
  return category?.name
}

/** A reply past the hourly crisis limit: shown like any reply, kept nowhere. */
function unstoredReply(content: string, crisis: boolean): StoredMessage {
  return { id: randomUUID(), role: 'assistant', content, crisis, createdAt: new Date().toISOString() }
}

export function toStoredMessage(row: Pick<typeof messages.$inferSelect, keyof typeof messageColumns>): StoredMessage {
  return { ...row, createdAt: row.createdAt.toISOString() }
}

/** What the kind's schema allows, with an intention or a goal's title that is a whole thought ("I welcome end my." is not). */
function validResult(kind: ConversationKind, value: unknown): ConversationResult | null {
  const parsed = RESULT_SCHEMAS[kind].safeParse(value)
  return parsed.success && !resultIsUnfinished(kind, parsed.data) ? parsed.data : null
}

/** Logs say what failed, never what anyone wrote: an error's message can quote the model's text. */
function describe(err: unknown) {
  if (!(err instanceof Error)) return { name: typeof err }
  // A provider's API error carries the HTTP status it answered with.
  const status = 'statusCode' in err && typeof err.statusCode === 'number' ? err.statusCode : undefined
  return { name: err.name, status }
}
