import { AsyncLocalStorage } from 'node:async_hooks'
import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * A confirmation signs its member in only in the browser the sign-up was sent from (docs/decisions/0056): that browser
 * keeps this cookie, a keyed hash of the address, for as long as a confirmation link lasts. Anywhere else the link
 * confirms the address and the member signs in with their password, so a link opened on someone else's computer, or
 * an account someone else made in a stranger's name, signs nobody in.
 */
export const SIGNED_UP_HERE = {
  cookie: 'lumin.signed_up_here',
  /** Sent only with the confirmation page's request. */
  path: '/api/auth/verify-email',
} as const

/** The cookie's value for an address: it names no address, and only this server can make it. */
export function signedUpHereValue(secret: string, email: string): string {
  return createHmac('sha256', secret).update(`signed-up-here:${email.trim().toLowerCase()}`).digest('base64url')
}

export function isSignedUpHere(secret: string, email: string | null, cookie: string | undefined): boolean {
  if (!email || !cookie) return false
  const expected = Buffer.from(signedUpHereValue(secret, email))
  const given = Buffer.from(cookie)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/**
 * The address a confirmation token is for, read without checking it: only to compare with the cookie. Better Auth
 * checks the token itself before it confirms anything.
 */
export function tokenEmail(token: string): string | null {
  try {
    const payload: unknown = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'))
    return payload && typeof payload === 'object' && 'email' in payload && typeof payload.email === 'string' ? payload.email : null
  } catch {
    return null
  }
}

/**
 * Whether the confirmation under way signs its member in: Better Auth reads `autoSignInAfterVerification` when it
 * confirms, and the confirmation route runs it inside this store.
 */
export const confirmationSignsIn = new AsyncLocalStorage<boolean>()
