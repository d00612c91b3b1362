import type { ConversationKind } from '~/core/conversation-kinds'
import type { ChatTurn } from '~/core/olo'

/** Everything a guide needs for Olo's next reply; the engine builds it from the database, never from the browser. */
export interface GuideRequest {
  kind: ConversationKind
  masterPrompt: string
  /** Oldest first, Olo's opening included, crisis exchanges left out. */
  history: ChatTurn[]
  /** The turn cap is reached: Olo must finish in this reply. */
  wrapUp: boolean
  goalCategory?: string
  exerciseName?: string
  /** What the conversation's feature tells a model about it (briefing.ts). */
  briefing?: string
}

/** Told the tokens a model call spent, prompt and reply, once the call is over (even when it failed). */
export type TokenMeter = (tokens: number) => void

/** Whoever answers as Olo, for the engine: a model through its provider (model-guide.ts) or the offline guide (offline/). */
export interface Guide {
  /** Olo's reply as it is produced, end token and JSON included. */
  stream(request: GuideRequest, signal: AbortSignal, spent: TokenMeter): AsyncIterable<string>
  /** One structured-output attempt at the result, for a final reply whose JSON was missing or invalid. */
  repair(request: GuideRequest, signal: AbortSignal, spent: TokenMeter): Promise<unknown>
}
