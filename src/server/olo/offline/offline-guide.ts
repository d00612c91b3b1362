/**
 * The offline Olo: a deterministic guide that needs no model or key. It keeps no state between turns; each reply is
 * worked out again from the user's messages so far, which is all the engine stores.
 */
import type { ConversationKind } from '~/core/conversation-kinds'
import type { ChatTurn, ConversationResult } from '~/core/olo'
import { END_OF_CONVERSATION_TOKEN, parseResultJson } from '../contract'
import { CARE_REPLY, distressHoldsBack, speaksOfDistress } from '../distress'
import type { Guide, ReflectionSubject } from '../guide'
import { goalTurn } from './goal'
import { recapTurn } from './recap'
import { reflectionTurn } from './reflection'
import { thresholdTurn } from './threshold'
import type { Answers, Turn } from './turn'

export interface OfflineInput {
  kind: ConversationKind
  /** Oldest first: Olo's opening message first, the newest user message last. Crisis exchanges are already removed. */
  history: readonly ChatTurn[]
  /** This user turn reached the cap: finish now with the best values available. */
  wrapUp: boolean
  /** The user's last messages speak of distress: answer with care, and finish nothing (docs/decisions/0052). */
  distressed?: boolean
  /** Goal: the chosen category's name, e.g. 'Health & Fitness'. */
  goalCategory?: string
  /** Threshold: the practice's name, e.g. 'Breathing Bubble', for wording. */
  exerciseName?: string
  /** Reflection: the entry talked over and the practices of the member's path. */
  reflection?: ReflectionSubject
}

export function offlineReply(input: OfflineInput): string {
  if (input.distressed) return CARE_REPLY
  // What speaks of distress is never made an intention, a goal or a reflection; a recap's subject is the week, and it
  // reads every answer (docs/decisions/0052).
  const said = input.history.filter((turn) => turn.role === 'user').map((turn) => turn.content)
  const texts = distressHoldsBack(input.kind) ? said.filter((text) => !speaksOfDistress(text)) : said
  // Olo never closes a conversation before the user has said anything in it.
  const answers: Answers = { texts, wrapUp: input.wrapUp && texts.length > 0 }
  const turn = turnFor(input, answers)
  if ('ask' in turn) return turn.ask
  return `${turn.close}\n${END_OF_CONVERSATION_TOKEN}\n${JSON.stringify(turn.result)}`
}

function turnFor(input: OfflineInput, answers: Answers): Turn<ConversationResult> {
  switch (input.kind) {
    case 'recap':
      return recapTurn(answers)
    case 'threshold':
      return thresholdTurn(answers, input.exerciseName)
    case 'goal':
      return goalTurn(answers, input.goalCategory)
    case 'reflection':
      return reflectionTurn(answers, input.reflection)
  }
}

/** The offline guide as the engine calls every guide; it costs no tokens. */
export const offlineGuide: Guide = {
  async *stream(request) {
    // Words arrive one by one, like a model's, so every screen streams the same way whatever the provider.
    for (const word of offlineReply(request).split(/(?<=\s)/)) yield word
  },
  async repair(request) {
    const reply = offlineReply({ ...request, wrapUp: true })
    const at = reply.indexOf(END_OF_CONVERSATION_TOKEN)
    return at < 0 ? undefined : parseResultJson(reply.slice(at + END_OF_CONVERSATION_TOKEN.length))
  },
}
