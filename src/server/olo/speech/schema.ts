import { z } from 'zod'

/**
 * Which of Olo's lines to read aloud: one of Olo's messages, or the greeting of a finished conversation. The browser
 * names the line; the words come from the database, so only Olo's words ever reach the voice.
 */
export const speechRequestSchema = z.union(
  [z.strictObject({ messageId: z.uuid('That is not a message id.') }), z.strictObject({ greetingOf: z.uuid('That is not a conversation id.') })],
  { error: "Name one of Olo's lines: { messageId } or { greetingOf }." },
)
export type SpeechRequest = z.infer<typeof speechRequestSchema>
