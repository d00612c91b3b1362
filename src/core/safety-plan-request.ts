import { z } from 'zod'
import { hasPhone, phoneProblem, SAFETY_PLAN_LIMITS, SAFETY_PLAN_STEPS } from './safety-plan'

const { lineChars, phoneChars, greatestPosition } = SAFETY_PLAN_LIMITS

/**
 * A line of the safety plan as the device saves it, under the id it chose (docs/product.md#safety-plan): its step, what
 * the member wrote, a number where the step has one, and its place among the step's lines.
 */
export const safetyPlanLineSchema = z
  .object({
    step: z.enum(SAFETY_PLAN_STEPS),
    text: z.string().trim().max(lineChars, `Keep a line under ${lineChars} characters.`),
    phone: z
      .string()
      .trim()
      .max(phoneChars, `Keep a number under ${phoneChars} characters.`)
      .superRefine((number, ctx) => {
        const problem = number === '' ? null : phoneProblem(number)
        if (problem) ctx.addIssue({ code: 'custom', message: problem })
      })
      .transform((number) => (number === '' ? null : number))
      .nullable()
      .default(null),
    position: z.int().min(0).max(greatestPosition),
  })
  .refine((line) => line.text !== '' || line.phone !== null, { path: ['text'], message: 'Write something first.' })
  .refine((line) => line.phone === null || hasPhone(line.step), { path: ['phone'], message: 'Only people and services have a number.' })
