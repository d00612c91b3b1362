import { zValidator } from '@hono/zod-validator'
import type { Context, ErrorHandler, MiddlewareHandler, ValidationTargets } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { HTTPException } from 'hono/http-exception'
import type { ZodType } from 'zod'
import { ERROR_STATUS, GENERIC_MESSAGES, isErrorCode, type ApiErrorBody, type ErrorCode } from '~/core/api-errors'
import { errorCode } from './error-code'
import type { Logger } from './logger'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** Thrown anywhere in a handler; `onError` turns it into the one error shape. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string = GENERIC_MESSAGES[code],
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
  }
}

function errorBody<Code extends ErrorCode>(code: Code, message: string = GENERIC_MESSAGES[code]): ApiErrorBody<Code> {
  return { error: { code, message } }
}

/**
 * Every error answer a route may give besides its own, as the web client's types see them (`ApplyGlobalResponse`):
 * `onError` answers any thrown error with one code's body at that code's status.
 */
export type ErrorResponses = { [Code in ErrorCode as (typeof ERROR_STATUS)[Code]]: { json: ApiErrorBody<Code> } }

/** The status stays a literal type, so the web client's types can tell error answers from successful ones. */
export function sendError<Code extends ErrorCode>(c: Context, code: Code, message?: string) {
  return c.json(errorBody(code, message), ERROR_STATUS[code])
}

/** Validates one part of the request with a zod schema; the first problem becomes a 400 naming the field. */
export function validate<T extends ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return zValidator(target, schema, (result, c) => {
    if (!result.success) {
      const issue = result.error.issues[0]
      const field = issue?.path.join('.')
      const message = issue ? (field ? `${field}: ${issue.message}` : issue.message) : GENERIC_MESSAGES.BAD_REQUEST
      return sendError(c, 'BAD_REQUEST', message)
    }
  })
}

const MAX_BODY_BYTES = 64 * 1024
const limitBody = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => sendError(c, 'PAYLOAD_TOO_LARGE') })

/**
 * Refuses a body over 64 KB with 413. A GET has no body to measure, and asking for it makes the Node adapter build a
 * whole Request object on the hottest path (the dashboard).
 */
export const requestBodyLimit: MiddlewareHandler = (c, next) => (SAFE_METHODS.has(c.req.method) ? next() : limitBody(c, next))

/** A NUL, which Postgres refuses in text, or half of a surrogate pair, which is no text at all. */
// eslint-disable-next-line no-control-regex -- finding the NUL is the point
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/**
 * Refuses a JSON body holding text that can't be stored as it came, with a 400 naming the field, before any route
 * (Better Auth's included) hands it to the database and fails there. The body is read once, into Hono's body cache,
 * where the route's validator finds it again; a handler that needs the raw request rebuilds it (`requestWithBody`).
 */
export const storableText: MiddlewareHandler = async (c, next) => {
  if (SAFE_METHODS.has(c.req.method) || !/json/i.test(c.req.header('content-type') ?? '')) return next()
  let body: unknown
  try {
    body = JSON.parse(await c.req.text())
  } catch (err) {
    if (!(err instanceof SyntaxError)) throw err
    // Not JSON at all: the route's own parsing answers that.
    return next()
  }
  const field = unstorableText(body)
  if (field !== null) return sendError(c, 'BAD_REQUEST', `${field ? `${field}: ` : ''}That text holds a character Lumin can't keep.`)
  return next()
}

/** The request as it came, for a handler outside Hono (Better Auth), even once a middleware has read its body. */
export async function requestWithBody(c: Context): Promise<Request> {
  return c.req.raw.bodyUsed ? new Request(c.req.raw, { body: await c.req.text() }) : c.req.raw
}

/** The path of the first string holding unstorable characters, '' for the value itself; null when all is well. */
function unstorableText(body: unknown): string | null {
  // A walk with its own stack: a hostile body may nest deeper than the call stack goes.
  const pending: [unknown, string][] = [[body, '']]
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, path] = next
    if (typeof value === 'string' && UNSTORABLE.test(value)) return path
    if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) pending.push([item, path ? `${path}.${key}` : key])
    }
  }
  return null
}

export function errorHandler(logger: Logger): ErrorHandler {
  return (err, c) => {
    if (err instanceof ApiError) {
      for (const [name, value] of Object.entries(err.headers)) c.header(name, value)
      return sendError(c, err.code, err.message)
    }
    if (err instanceof HTTPException && err.status < 500) {
      const code = Object.keys(ERROR_STATUS).filter(isErrorCode).find((k) => ERROR_STATUS[k] === err.status) ?? 'BAD_REQUEST'
      return sendError(c, code, /json/i.test(err.message) ? 'The request body is not valid JSON.' : err.message || undefined)
    }
    if (isDatabaseDown(err)) {
      logger.error({ err: { name: err.name, code: errorCode(err) } }, 'database unavailable')
      return sendError(c, 'UNAVAILABLE')
    }
    logger.error({ err: loggable(err), path: c.req.routePath }, 'unhandled error')
    return sendError(c, 'INTERNAL')
  }
}

/**
 * What a log may keep of an unexpected error: its kind, codes, query and stack frames — never its message, which can
 * quote a failed query's values (what someone wrote, their address) or a provider's answer.
 */
function loggable(err: Error): Record<string, unknown> {
  return {
    name: err.name,
    code: 'code' in err ? err.code : undefined,
    query: 'query' in err && typeof err.query === 'string' ? err.query : undefined,
    cause: err.cause instanceof Error ? loggable(err.cause) : undefined,
    stack: err.stack
      ?.split('\n')
      .filter((line) => /^\s+at /.test(line))
      .join('\n'),
  }
}

/**
 * A database that is away or not answering, in pg's words: a refused or reset connection, one cut or timed out, a
 * server shutting down or refusing connections (SQLSTATE classes 08, 57P0x, 53300). Drizzle wraps the driver's error
 * as the cause of its own.
 */
function isDatabaseDown(err: Error): boolean {
  if (err.cause instanceof Error && isDatabaseDown(err.cause)) return true
  const code = errorCode(err) ?? ''
  return (
    /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH|ENOTFOUND|08...|57P0.|53300)$/.test(code) ||
    /Connection terminated|not queryable|Query read timeout|timeout exceeded when trying to connect/i.test(err.message)
  )
}

/**
 * Refuses a request that changes something when a browser says it comes from another site: its Origin is not the app's
 * own, or its Sec-Fetch-Site says cross-site or same-site. A request naming neither comes from no browser, so it
 * carries no visitor's cookies; SameSite=Lax is the second line behind this one.
 */
export function sameOriginOnly(appUrl: string): MiddlewareHandler {
  const own = new URL(appUrl).origin
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next()
    const origin = c.req.header('origin')
    const site = c.req.header('sec-fetch-site')
    const foreign = (origin !== undefined && origin !== own) || site === 'cross-site' || site === 'same-site'
    if (foreign) return sendError(c, 'FORBIDDEN')
    return next()
  }
}

/** API responses hold personal data: never cache them. */
export const noStore: MiddlewareHandler = async (c, next) => {
  await next()
  // A route that chose its own caching (a badge image) keeps it.
  if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store')
}
