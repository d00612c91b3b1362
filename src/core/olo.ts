import { z } from 'zod'
import type { ConversationKind } from './conversation-kinds'
import { DIMENSIONS } from './dimensions'
import { LIMITS } from './limits'

/** Models write numbers as strings and words in capitals now and then; both are still the same answer. */
const lowercaseWord = z.preprocess((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v), z.enum(DIMENSIONS))
const wholeNumber = z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), z.number())
const line = (max: number) => z.string().trim().min(1).max(max)

export const recapResultSchema = z.object({
  weekly_summary: line(1200),
  top_priority_dimension: lowercaseWord,
  priority_reasoning: line(400),
  recommendations: z.array(line(200)).min(2).max(3),
  rating: wholeNumber.pipe(z.number().int().min(1).max(10)),
})

export const thresholdResultSchema = z.object({
  intention: line(200),
})

export const goalResultSchema = z.object({
  title: line(80),
  category: line(80),
  description: line(500),
  measurable_target: wholeNumber.pipe(z.number().positive().max(1e12)),
  measurable_unit: line(30),
  suggested_timeframe_days: wholeNumber.pipe(z.number().int().min(1).max(3650)),
})

/**
 * What a reflection on a journal entry leaves under it: a few sentences, and when one fits, a practice of the member's
 * path to try, by its minigame's key (checked against the path when it is saved; docs/product.md#journal).
 */
export const reflectionResultSchema = z.object({
  reflection: line(600),
  suggested_practice: z.preprocess((v) => (v === '' ? null : v), z.string().trim().min(1).max(60).nullable()).default(null),
})

export type RecapResult = z.infer<typeof recapResultSchema>
export type ThresholdResult = z.infer<typeof thresholdResultSchema>
export type GoalResult = z.infer<typeof goalResultSchema>
export type ReflectionResult = z.infer<typeof reflectionResultSchema>

/** What each kind of conversation produces when it finishes. */
export interface ConversationResults {
  recap: RecapResult
  threshold: ThresholdResult
  goal: GoalResult
  reflection: ReflectionResult
}
export type ConversationResult = ConversationResults[ConversationKind]

/** Typed by kind, so a result parsed for a kind is that kind's result, also where the kind is a type parameter. */
export const RESULT_SCHEMAS: { [Kind in ConversationKind]: z.ZodType<ConversationResults[Kind]> } = {
  recap: recapResultSchema,
  threshold: thresholdResultSchema,
  goal: goalResultSchema,
  reflection: reflectionResultSchema,
}

/** Who wrote a message: the member or Olo. */
export const MESSAGE_ROLES = ['user', 'assistant'] as const
type MessageRole = (typeof MESSAGE_ROLES)[number]

/** A conversation takes messages until it finishes with its result. */
export const CONVERSATION_STATUSES = ['open', 'finished'] as const

/** One message as the engine and the screens see it. */
export interface ChatTurn {
  role: MessageRole
  content: string
}

/** What the browser sends: only the new message, with an id it chose so that a retry can't store it twice. */
export const sendMessageSchema = z.object({
  id: z.uuid(),
  content: z.string().trim().min(1, 'Write a message first.').max(LIMITS.chatMessageChars, `Keep a message under ${LIMITS.chatMessageChars} characters.`),
})

/** A line without audio holds the input for max(2000 ms, 50 ms per character) (docs/product.md#chat-input). */
export function fallbackReadMs(text: string): number {
  return Math.max(2000, 50 * text.length)
}

/**
 * A chat message is sent only when it has text, no request runs and Olo is not speaking (docs/product.md#chat-input).
 */
export function canSendMessage(state: { text: string; busy: boolean; speaking: boolean; ready: boolean }): boolean {
  return state.ready && !state.busy && !state.speaking && state.text.trim().length > 0
}

/** The status of Olo's reply: a finished goal chat has created the goal (docs/product.md#olo). */
export type ReplyStatus = 'continue' | 'finished' | 'goal_created'
export const FINISHED_STATUS: Record<ConversationKind, Exclude<ReplyStatus, 'continue'>> = {
  recap: 'finished',
  threshold: 'finished',
  goal: 'goal_created',
  reflection: 'finished',
}

/** Who reads Olo's lines aloud: the browser's own voice, or a server voice from one of these providers. */
export const VOICE_PROVIDERS = ['browser', 'elevenlabs', 'openai-compatible'] as const
export type VoiceProvider = (typeof VOICE_PROVIDERS)[number]

/** What the chat screens show when a message can't be answered (docs/product.md#errors). */
export const SEND_FAILED_MESSAGE = 'Failed to send message. Please try again.'

/**
 * The line beside Reflect with Olo when a model provider is configured: an entry leaves Lumin only for a reflection the
 * member begins (docs/product.md#journal).
 */
export function reflectionNotice(provider: string): string {
  return `Your entry will be sent to ${provider} when you reflect.`
}

/**
 * The line under the journal's Save where the provider's safety classifier reads a saved entry
 * (docs/decisions/0051-a-second-reader.md): the member knows who else reads their words, and why.
 */
export function safetyReaderNotice(provider: string): string {
  return `When you save, ${provider}'s safety check also reads your entry, only to see whether you may need help.`
}

/** What every chat's header says for as long as the chat is open (docs/decisions/0017-chats-you-can-answer.md). */
export const AI_GUIDE_LINE = 'Olo is an AI guide, not a human and not a therapist.'

/** What Olo says again after AI_NOTICE_EVERY_MS of one chat, at the start of its reply, shown and spoken like the rest. */
export const AI_NOTICE =
  "We've been talking for a while, so a reminder: I'm Olo, an AI guide, not a human and not a therapist. A short break can help too."
