import { z } from 'zod'
import { LIMITS } from '~/core/limits'

export const speechRequestSchema = z.object({
  text: z
    .string()
    .trim()
    .min(1, 'There is nothing to say.')
    .max(LIMITS.speechChars, `Keep it to ${LIMITS.speechChars} characters.`),
})
export type SpeechRequest = z.infer<typeof speechRequestSchema>
