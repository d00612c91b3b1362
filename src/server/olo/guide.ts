import type { ConversationKind } from '~/core/conversation-kinds'
import type { ChatTurn } from '~/core/olo'
import type { WeekLived } from '~/core/week-lived'
import type { Db } from '../db/client'

/** A practice of the member's path, as a reflection may suggest it: by its minigame's key. */
export interface PathPractice {
  key: string
  name: string
  description: string
}

/**
 * What a reflection talks over: the member's own journal entry, read from the database at each turn and given to the
 * guide, never to the browser, and the practices of the member's path that Olo may suggest (docs/product.md#journal).
 * An entry the crisis check reads as a crisis is withheld (null): like a crisis message, it never reaches a model
 * (docs/product.md#safety).
 */
export interface ReflectionSubject {
  entry: { title: string | null; body: string; prompt: string | null } | null
  practices: PathPractice[]
}

/**
 * What a recap's model reads of the member's week (docs/decisions/0036): the week as it was when the recap started,
 * and, only while the member lets Olo read their journal in the recap, that week's entries as the model reads them.
 */
export interface RecapSubject {
  week: WeekLived
  journal: string | null
}

/** What a conversation talks over when that is the member's own data, read by its feature for each turn. */
export interface Subjects {
  reflection?: ReflectionSubject
  recap?: RecapSubject
}

/** Everything a guide needs for Olo's next reply; the engine builds it from the database, never from the browser. */
export interface GuideRequest extends Subjects {
  kind: ConversationKind
  masterPrompt: string
  /** Oldest first, Olo's opening included, crisis exchanges left out. */
  history: ChatTurn[]
  /** The turn cap is reached: Olo must finish in this reply. */
  wrapUp: boolean
  /**
   * The member's last messages speak of distress: this reply answers with care and can't finish the chat
   * (docs/decisions/0052).
   */
  distressed: boolean
  goalCategory?: string
  exerciseName?: string
}

/**
 * How the engine reads what a conversation is about when that is a member's own data, which only its feature reads
 * (olo/ imports no feature, docs/decisions/0030; docs/decisions/0035, 0036): given the conversation, undefined when
 * the subject is gone (an entry deleted meanwhile).
 */
export type SubjectReaders = {
  [Kind in keyof Subjects]?: (db: Db, conversation: { id: string; userId: string; subject: string | null }) => Promise<Subjects[Kind] | undefined>
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
