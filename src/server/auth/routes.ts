import { getConnInfo } from '@hono/node-server/conninfo'
import { eq } from 'drizzle-orm'
import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { LIMITS } from '~/core/limits'
import type { Config } from '../config'
import type { Db } from '../db/client'
import { session as sessionTable } from '../db/schema'
import { sendError } from '../http'
import { hitRateLimit } from '../rate-limit'
import type { Auth } from './auth'

const MINUTE = 60_000
const DAY_MS = 24 * 60 * MINUTE

/** Better Auth endpoints a stranger can call to guess passwords or send mail: each gets its own counters. */
const LIMITED_ENDPOINTS = new Set(['/sign-in/email', '/sign-up/email', '/request-password-reset', '/send-verification-email', '/reset-password'])

export interface SessionUser {
  id: string
  email: string
  name: string
}
export interface AppEnv {
  Variables: { user: SessionUser }
}

/** The client's address: from the trusted proxy's header when one is configured, else the socket's. */
export function clientIp(c: Context, config: Config): string {
  if (config.trustedIpHeader) {
    // The nearest proxy appends the address it saw last; what a client wrote before it can be forged.
    const value = c.req.header(config.trustedIpHeader)?.split(',').at(-1)?.trim()
    if (value) return value
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    return 'unknown'
  }
}

/** /api/auth/*: Lumin's atomic rate limits in front of Better Auth's handler. */
export function authRoutes({ auth, db, config }: { auth: Auth; db: Db; config: Config }) {
  const limit: MiddlewareHandler = async (c, next) => {
    const endpoint = c.req.path.replace(/^\/api\/auth/, '')
    if (c.req.method !== 'POST' || !LIMITED_ENDPOINTS.has(endpoint)) return next()
    const body: unknown = await c.req.raw
      .clone()
      .json()
      .catch(() => null)
    const email = body && typeof body === 'object' && 'email' in body && typeof body.email === 'string' ? body.email.trim().toLowerCase() : null
    const keys = [`auth${endpoint}:ip:${clientIp(c, config)}`, ...(email ? [`auth${endpoint}:email:${email}`] : [])]
    for (const key of keys) {
      const hit = await hitRateLimit(db, key, LIMITS.signInPerMinute, MINUTE)
      if (!hit.allowed) {
        c.header('Retry-After', String(hit.retryAfter))
        return sendError(c, 'RATE_LIMITED')
      }
    }
    return next()
  }
  return new Hono().use('*', limit).on(['GET', 'POST'], '*', (c) => auth.handler(c.req.raw))
}

/** Signed-in users only; also ends sessions older than the absolute lifetime, whatever their sliding expiry says. */
export function requireUser({ auth, db }: { auth: Auth; db: Db }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const found = await auth.api.getSession({ headers: c.req.raw.headers })
    if (!found) return sendError(c, 'UNAUTHORIZED')
    if (Date.now() - new Date(found.session.createdAt).getTime() > LIMITS.sessionAbsoluteDays * DAY_MS) {
      await db.delete(sessionTable).where(eq(sessionTable.id, found.session.id))
      return sendError(c, 'UNAUTHORIZED', 'Your session has ended. Please sign in again.')
    }
    c.set('user', { id: found.user.id, email: found.user.email, name: found.user.name })
    return next()
  }
}
