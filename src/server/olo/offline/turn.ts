/** What each of the offline guide's conversations (recap, threshold, goal) reads and decides at a turn. */

/** What a conversation decides at this turn: one more question, or a closing sentence and the result. */
export type Turn<Result> = { ask: string } | { close: string; result: Result }

/** What each conversation knows of the chat: the user's answers so far and whether this turn must be the last. */
export interface Answers {
  texts: readonly string[]
  wrapUp: boolean
}
