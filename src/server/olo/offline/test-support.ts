/** Plays conversations with the offline Olo the way the engine does, for the tests of this folder. */
import type { ConversationKind } from '~/core/conversation-kinds'
import { LIMITS } from '~/core/limits'
import { RESULT_SCHEMAS, type ChatTurn } from '~/core/olo'
import { END_OF_CONVERSATION_TOKEN } from '../contract'
import { SCRIPTS } from '../scripts'
import { offlineReply, type OfflineInput } from './offline-guide'

export function openingOf(kind: ConversationKind): string {
  const script = SCRIPTS.find((candidate) => candidate.kind === kind)
  if (script === undefined) throw new Error(`No ${kind} script`)
  return script.oloInitialPrompt
}

export interface Played {
  /** Olo's replies, one per user answer, up to the one that ended the conversation. */
  replies: string[]
  /** User turns taken. */
  turns: number
  /** The shown part of the final reply, when the conversation ended. */
  closing?: string
  /** The final JSON, already checked against the kind's result schema. */
  result?: unknown
}

/** Splits a final reply into its closing and its result, checking the result against the kind's schema. */
export function readFinal(kind: ConversationKind, reply: string): { closing: string; result: unknown } | undefined {
  const at = reply.indexOf(`\n${END_OF_CONVERSATION_TOKEN}\n`)
  if (at < 0) return undefined
  const json: unknown = JSON.parse(reply.slice(at + END_OF_CONVERSATION_TOKEN.length + 2))
  return { closing: reply.slice(0, at), result: RESULT_SCHEMAS[kind].parse(json) }
}

/**
 * The history starts with the script's opening; each answer is appended, Olo replies with wrapUp on the turn that
 * reaches the cap, and the reply is appended in turn. Stops at the reply that ends the conversation.
 */
export function play(
  kind: ConversationKind,
  answers: readonly string[],
  context: Pick<OfflineInput, 'goalCategory' | 'exerciseName' | 'reflection'> = {},
  wrapUpAtCap = true,
): Played {
  const history: ChatTurn[] = [{ role: 'assistant', content: openingOf(kind) }]
  const replies: string[] = []
  for (const [index, answer] of answers.entries()) {
    const turn = index + 1
    history.push({ role: 'user', content: answer })
    const reply = offlineReply({ kind, history, wrapUp: wrapUpAtCap && turn === LIMITS.userTurns[kind], ...context })
    replies.push(reply)
    history.push({ role: 'assistant', content: reply })
    const final = readFinal(kind, reply)
    if (final) return { replies, turns: turn, ...final }
  }
  return { replies, turns: answers.length }
}
