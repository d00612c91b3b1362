import { createHmac, timingSafeEqual } from 'node:crypto'

const PURPOSE = 'lumin-reminder-unsubscribe:'

const signature = (secret: string, userId: string) => createHmac('sha256', secret).update(PURPOSE + userId).digest()

/**
 * The token of a member's one-click unsubscribe link (RFC 8058): their id and its HMAC under AUTH_SECRET, so the link
 * works without a session and nobody can make one for someone else. It does not expire: a mail may be old when read.
 */
export function unsubscribeToken(secret: string, userId: string): string {
  return `${Buffer.from(userId).toString('base64url')}.${signature(secret, userId).toString('base64url')}`
}

/** The member a token was made for, or null for a token Lumin did not make. */
export function memberOfUnsubscribeToken(secret: string, token: string): string | null {
  const [id, mac, ...rest] = token.split('.')
  if (!id || !mac || rest.length > 0) return null
  const userId = Buffer.from(id, 'base64url').toString()
  const given = Buffer.from(mac, 'base64url')
  const expected = signature(secret, userId)
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null
}
