import type { Config } from '../config'
import type { Db, Tx } from '../db/client'
import type { Logger } from '../logger'
import { answerTurn, type StreamEvent } from './answer'
import { createCrisisReader, type CrisisReader } from './crisis-reader'
import { greetingOfConversation, openConversation, viewConversation } from './conversation'
import { compileDistressPatterns } from './distress'
import type { Finishers } from './finish'
import type { Guide, SubjectReaders } from './guide'
import { createGuide } from './model-guide'
import { compileCrisisPatterns } from './safety'
import { scriptReader } from './script-reader'
import { prepareTurnStatements, takeTurn, type PreparedTurn } from './take'

/**
 * The one conversation engine behind the recap, threshold, goal and reflection chats (docs/decisions/0005): the browser sends only
 * its new message; the script, the history and the rules stay here. Each step is a function of its own: opening a
 * conversation and reading it (conversation.ts), taking a member's message (take.ts), answering it as a stream
 * (answer.ts) and finishing the conversation with its result (finish.ts); this wires them to one database,
 * configuration and guide.
 */
export function createOlo({
  db,
  config,
  logger,
  guide = createGuide(config.olo),
  finishers = {},
  subjects = {},
  crisis = createCrisisReader({ db, config, logger }),
}: {
  db: Db
  config: Config
  logger: Logger
  guide?: Guide
  finishers?: Finishers
  /** How a conversation's subject is read when it is a member's own data: a reflection's journal entry. */
  subjects?: SubjectReaders
  /** Whether a member's message sounds like a crisis: the app's one reader, shared with the journal and the check-ins. */
  crisis?: CrisisReader
}) {
  const engine = {
    db,
    config,
    logger,
    guide,
    finishers,
    subjects,
    crisis,
    statements: prepareTurnStatements(db),
    offlineGuide: createGuide({ ...config.olo, provider: 'offline' }),
    scriptOf: scriptReader(db),
  }
  compileCrisisPatterns()
  compileDistressPatterns()
  return {
    open: (tx: Db | Tx, conversation: Parameters<typeof openConversation>[1]) => openConversation(tx, conversation),
    view: (userId: string, conversationId: string) => viewConversation(engine, userId, conversationId),
    greeting: (userId: string, conversationId: string) => greetingOfConversation(engine, userId, conversationId),
    take: (userId: string, conversationId: string, message: { id: string; content: string }) => takeTurn(engine, userId, conversationId, message),
    answer: (turn: PreparedTurn, clientSignal: AbortSignal, emit: (event: StreamEvent) => Promise<void>) => answerTurn(engine, turn, clientSignal, emit),
  }
}

export type Olo = ReturnType<typeof createOlo>
