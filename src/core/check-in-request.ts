import { z } from 'zod'
import { CHECK_IN_NOTE_CHARS, EMOTIONS } from './check-ins'
import { MOODS } from './moods'
import { DIMENSIONS } from './dimensions'
import { timeZoneSchema } from './weekly'

const distinct = <T extends z.ZodType>(item: T, max: number, what: string) =>
  z
    .array(item)
    .max(max)
    .refine((list) => new Set(list).size === list.length, { message: `Each ${what} once.` })

/** What a check-in says, apart from when it was made: the mood, and the optional details added after it. */
export const checkInDetailsSchema = z.object({
  mood: z.enum(MOODS),
  emotions: distinct(z.enum(EMOTIONS), EMOTIONS.length, 'emotion word').default([]),
  dimensions: distinct(z.enum(DIMENSIONS), DIMENSIONS.length, 'dimension').default([]),
  note: z
    .string()
    .trim()
    .max(CHECK_IN_NOTE_CHARS, `Keep the note under ${CHECK_IN_NOTE_CHARS} characters.`)
    .transform((note) => (note === '' ? null : note))
    .nullable()
    .default(null),
})

/**
 * A new check-in, with an id the device chose so a retry after a lost answer stores it once, and the moment it was made
 * (it may be sent later, from a device that was offline) in the member's time zone.
 */
export const newCheckInSchema = checkInDetailsSchema.extend({
  id: z.uuid(),
  at: z.iso.datetime({ offset: true }).transform((at) => new Date(at)),
  timeZone: timeZoneSchema,
})
