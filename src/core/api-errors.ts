/** The one error shape of Lumin's own API (Better Auth's /api/auth/* keeps its own). */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  PROVIDER_FAILED: 502,
  UNAVAILABLE: 503,
} as const
export type ErrorCode = keyof typeof ERROR_STATUS

export interface ApiErrorBody<Code extends ErrorCode = ErrorCode> {
  error: { code: Code; message: string }
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_STATUS, value)
}

/** The error an answer's body holds when it is the one error shape; null for anything else (a proxy's page, no body). */
export function apiErrorOf(body: unknown): ApiErrorBody['error'] | null {
  if (typeof body !== 'object' || body === null || !('error' in body)) return null
  const { error } = body
  if (typeof error !== 'object' || error === null || !('code' in error) || !('message' in error)) return null
  return isErrorCode(error.code) && typeof error.message === 'string' ? { code: error.code, message: error.message } : null
}

export const GENERIC_MESSAGES: Record<ErrorCode, string> = {
  BAD_REQUEST: 'That request was not valid.',
  UNAUTHORIZED: 'Please sign in to continue.',
  FORBIDDEN: 'That request did not come from Lumin, so it was refused.',
  NOT_FOUND: 'We could not find that.',
  CONFLICT: 'That was already done.',
  PAYLOAD_TOO_LARGE: 'That is more than we can take in one go.',
  RATE_LIMITED: 'Too many attempts. Please wait a minute and try again.',
  INTERNAL: 'Something went wrong on our side. Please try again.',
  PROVIDER_FAILED: 'Olo could not answer just now. Please try again.',
  UNAVAILABLE: 'Lumin is briefly unavailable. Please try again in a moment.',
}
