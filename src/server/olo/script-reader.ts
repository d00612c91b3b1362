import { eq } from 'drizzle-orm'
import { greetingName } from '~/core/auth'
import type { ConversationKind } from '~/core/conversation-kinds'
import { DIMENSION_INFO } from '~/core/dimensions'
import type { ConversationResult, GoalResult, RecapResult, ThresholdResult } from '~/core/olo'
import type { Db, Tx } from '../db/client'
import { conversationScripts, minigames, user } from '../db/schema'
import { createPromptGuard, type PromptGuard } from './contract'

export interface StoredScript {
  masterPrompt: string
  exerciseName: string | null
  greetingTemplate: string
  guard: PromptGuard
}

/**
 * Reads a conversation's script. Scripts are reference content, seeded at start-up and never changed while the server
 * runs, so each is read once per process instead of before every reply.
 */
export function scriptReader(db: Db) {
  const scripts = new Map<number, Promise<StoredScript | undefined>>()
  return function scriptOf(scriptId: number) {
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
}

export type ScriptOf = ReturnType<typeof scriptReader>

/** What Olo says as a finished conversation hands over: the script's greeting, filled in with the result. */
export async function greetingFor(db: Db, scriptOf: ScriptOf, conversation: { scriptId: number; userId: string }, kind: ConversationKind, result: ConversationResult) {
  const script = await scriptOf(conversation.scriptId)
  if (!script) return null
  return addressed(db, conversation.userId, script.greetingTemplate.replace('{user_intention}', () => greetingSubject(kind, result)))
}

const MEMBER_NAME = '{member_name}'

/**
 * Olo's words with `{member_name}` made the name the member is called by (docs/decisions/0018), read only when the
 * words hold it. An opening keeps the name it was written with; a greeting is filled each time it is read, so it uses
 * the name as it is now.
 */
export async function addressed(db: Db | Tx, userId: string, words: string): Promise<string> {
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
