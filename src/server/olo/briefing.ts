import type { ConversationKind } from '~/core/conversation-kinds'
import type { Db } from '../db/client'

/**
 * What a feature tells a model about one conversation of its kind, read before each reply: the recap's week, say
 * (docs/decisions/0036). Only a model reads it; the offline guide works from the conversation alone.
 */
export interface Briefing {
  /** The longest briefing this can give, so the tokens a turn may cost are held before it is read. */
  mostChars: number
  read(db: Db, conversation: { id: string; userId: string }): Promise<string | undefined>
}

export type Briefings = { [Kind in ConversationKind]?: Briefing }
