const PASSWORD_MIN = 8
const PASSWORD_MAX = 128

/** The greeting name: what comes before the @ of an email address. */
export function emailLocalPart(email: string): string {
  const at = email.indexOf('@')
  return at > 0 ? email.slice(0, at) : email
}

/**
 * The name a member is greeted by, on the weekly home and by Olo: the one they set in Settings, else their email's
 * local part (docs/product.md#sign-in). Sign-up stores the local part as the name, so this fallback only covers an
 * empty name.
 */
export function greetingName(user: { email: string; name?: string | null }): string {
  return user.name?.trim() || emailLocalPart(user.email)
}

/** Length rules shared by the form and the server; the common-password list is checked on the server only. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN) return `Your password needs at least ${PASSWORD_MIN} characters.`
  if (password.length > PASSWORD_MAX) return `Your password can have at most ${PASSWORD_MAX} characters.`
  return null
}

export const COMMON_PASSWORD_MESSAGE = 'This password is too common and easy to guess. Please choose another one.'

/**
 * How the sign-in form's one request ended (docs/decisions/0002): signed in; a sign-up was tried, so the mail says what
 * comes next (whether the address was new or not); the address is not confirmed yet; or no account matched and the age
 * box was not ticked, so no sign-up was tried.
 */
export const ENTER_OUTCOMES = ['signed-in', 'check-inbox', 'email-not-confirmed', 'age-needed'] as const
export type EnterOutcome = (typeof ENTER_OUTCOMES)[number]

/** The sign-in screen's answers of docs/product.md#sign-in, word for word. */
export const AUTH_MESSAGES = {
  emailNotConfirmed:
    "Please check your email inbox and click the confirmation link to verify your account. If you don't see the email, check your spam folder.",
  signUpConfirmation:
    "Welcome! We've sent you an email with a confirmation link. Please check your inbox and verify your email address before signing in.",
  otherError: 'An error occurred.',
} as const

/**
 * What the confirmation page, and the sign-in screen it may lead to, say once an address is confirmed: its owner has
 * never been in, so nothing welcomes them back (docs/decisions/0056).
 */
export const EMAIL_CONFIRMED = 'Your email is confirmed'

/**
 * Everyone who creates an account confirms their age (docs/decisions/0012): Olo is a wellbeing guide for adults and
 * older teens, and the companion-chatbot laws Lumin follows ask operators to know they are not talking with children.
 */
export const AGE_CONFIRMATION = {
  minimumAge: 16,
  /** The sign-up body's field: `true`, or no account is made. */
  field: 'ageConfirmed',
  label: 'I am 16 or older',
  reason: 'Lumin and its AI guide are made for people aged 16 and over.',
  /** What the newcomer's screen says instead of the box: continuing is the confirmation (docs/decisions/0056). */
  statement: 'Continuing with Google or your email confirms you are 16 or older.',
  code: 'AGE_NOT_CONFIRMED',
  missing: 'Please confirm you are 16 or older to create an account.',
} as const
