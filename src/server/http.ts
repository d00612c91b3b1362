import { zValidator } from '@hono/zod-validator'
import type { Context, ErrorHandler, MiddlewareHandler, ValidationTargets } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ZodType } from 'zod'
import { ERROR_STATUS, GENERIC_MESSAGES, type ApiErrorBody, type ErrorCode } from '~/core/api-errors'
import type { Logger } from './logger'

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

export function errorBody(code: ErrorCode, message: string = GENERIC_MESSAGES[code]): ApiErrorBody {
  return { error: { code, message } }
}

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

export function errorHandler(logger: Logger): ErrorHandler {
  return (err, c) => {
    if (err instanceof ApiError) {
      for (const [name, value] of Object.entries(err.headers)) c.header(name, value)
      return sendError(c, err.code, err.message)
    }
    if (err instanceof HTTPException && err.status < 500) {
      const code = (Object.keys(ERROR_STATUS) as ErrorCode[]).find((k) => ERROR_STATUS[k] === err.status) ?? 'BAD_REQUEST'
      return sendError(c, code, /json/i.test(err.message) ? 'The request body is not valid JSON.' : err.message || undefined)
    }
    if (isDatabaseDown(err)) {
      logger.error({ err: { name: err.name, code: (err as { code?: string }).code } }, 'database unavailable')
      return sendError(c, 'UNAVAILABLE')
    }
    logger.error({ err, path: c.req.path }, 'unhandled error')
    return sendError(c, 'INTERNAL')
  }
}

function isDatabaseDown(err: Error) {
  const code = (err as { code?: string }).code
  return code === 'ECONNREFUSED' || code === '57P01' || code === '57P03' || /Connection terminated/i.test(err.message)
}

/** API responses hold personal data: never cache them. */
export const noStore: MiddlewareHandler = async (c, next) => {
  await next()
  // A route that chose its own caching (a badge image) keeps it.
  if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store')
}
