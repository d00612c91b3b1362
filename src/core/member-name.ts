/**
 * The name Olo and the weekly home call a member by (docs/decisions/0018-the-first-five-minutes.md). Until the member
 * sets one it is the local part of their email address (docs/product.md#sign-in).
 */
import { z } from 'zod'
import { LIMITS } from './limits'

export const MEMBER_NAME_MESSAGES = {
  missing: 'Please enter the name you would like Olo to use.',
  tooLong: `Please keep your name to ${LIMITS.memberNameChars} characters.`,
  control: "Your name can't hold line breaks or invisible control characters.",
} as const

/** C0 and C1 controls, line and paragraph separators, and the marks that reverse how text around them reads. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/

/**
 * The body of `PUT /api/profile/name`: trimmed, 1 to `memberNameChars` characters (code points, so an accented letter
 * or an emoji counts once), no control characters.
 */
export const memberNameSchema = z.object({
  name: z
    .string(MEMBER_NAME_MESSAGES.missing)
    .trim()
    .min(1, MEMBER_NAME_MESSAGES.missing)
    .refine((name) => !CONTROL.test(name), MEMBER_NAME_MESSAGES.control)
    .refine((name) => [...name].length <= LIMITS.memberNameChars, MEMBER_NAME_MESSAGES.tooLong),
})
