import { eq } from 'drizzle-orm'
import { greetingName } from '~/core/auth'
import type { ConversationKind } from '~/core/conversation-kinds'
import { DIMENSION_INFO } from '~/core/dimensions'
import type { ConversationResults } from '~/core/olo'
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
export async function greetingFor<Kind extends ConversationKind>(
  db: Db,
  scriptOf: ScriptOf,
  conversation: { scriptId: number; userId: string },
  kind: Kind,
  result: ConversationResults[Kind],
) {
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

/** What fills {user_intention}: the intention itself, the recap's chosen dimension, the goal's title or the reflection. */
const GREETING_SUBJECT: { [Kind in ConversationKind]: (result: ConversationResults[Kind]) => string } = {
  threshold: (result) => result.intention,
  recap: (result) => `${DIMENSION_INFO[result.top_priority_dimension].label}.`,
  goal: (result) => `${result.title}.`,
  reflection: (result) => result.reflection,
}

function greetingSubject<Kind extends ConversationKind>(kind: Kind, result: ConversationResults[Kind]): string {
  return GREETING_SUBJECT[kind](result)
}
