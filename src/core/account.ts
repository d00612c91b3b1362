/**
 * Your data (docs/product.md#your-data): the export's file name and what confirms an account's deletion. Decision
 * 0010 says why the confirmation is the account's email address.
 */
import { z } from 'zod'
import { HELP_COUNTRIES } from './helplines'

/** Longest email address a mail system accepts (RFC 5321 path limit). */
const EMAIL_MAX = 254

/** The body of `DELETE /api/account`: the person types their email address to say they mean it. */
export const deleteAccountSchema = z.object({
  confirmEmail: z.string('Type your email address to confirm.').trim().min(1, 'Type your email address to confirm.').max(EMAIL_MAX, 'That is not your email address.'),
})
export type DeleteAccountRequest = z.infer<typeof deleteAccountSchema>

/** Whether what was typed is the account's address; case and surrounding spaces don't matter. */
export function confirmsDeletion(typed: string, accountEmail: string): boolean {
  return typed.trim().toLowerCase() === accountEmail.trim().toLowerCase()
}

export const DELETE_CONFIRMATION_MISMATCH = 'That is not the email address of this account. Type it exactly to confirm.'

/** The downloaded file's name, dated by the moment of the export (UTC): `lumin-data-2025-03-14.json`. */
export function exportFileName(exportedAt: Date): string {
  return `lumin-data-${exportedAt.toISOString().slice(0, 10)}.json`
}

/**
 * What the member chooses in Settings and the server keeps: whether the recap's Olo may read their journal, whether
 * Stats shows the streak, and the country whose helplines the help card shows first (null: the browser suggests one,
 * docs/decisions/0054). A change names one or more; each saves alone.
 */
export const preferencesSchema = z
  .object({
    journalInRecap: z.boolean().optional(),
    showStreaks: z.boolean().optional(),
    helpCountry: z.enum(HELP_COUNTRIES, 'Choose one of the countries Lumin has helplines for.').nullable().optional(),
  })
  .refine((preferences) => Object.values(preferences).some((value) => value !== undefined), { message: 'Name a preference to change.' })
export type PreferencesChange = z.infer<typeof preferencesSchema>
