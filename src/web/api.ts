import { DetailedError, hc, parseResponse, type ClientResponse } from 'hono/client'
import { apiErrorOf, type ErrorCode } from '~/core/api-errors'
import type { ApiType } from '~/server/app'

/** The one client of Lumin's API; its types come from the server's routes. */
export const api = hc<ApiType>('/api')

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: ErrorCode,
  ) {
    super(message)
  }
}

/**
 * The browser's time zone, which the API counts the member's days and weeks in (docs/product.md#weekly-recap): weeks
 * start on Monday there, and a check-in or a journal entry keeps the date it had there.
 */
export function userTimeZone(): string {
  try {
    // Temporal knows the zone without Intl's date formats, which take a phone a tenth of a second to load the first
    // time: that was a long task before the home screens' first data requests, which need only the zone.
    return temporal?.Now.timeZoneId() || Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
  } catch {
    return 'UTC'
  }
}

/** The Temporal API, where the browser has it. */
const temporal = (globalThis as { Temporal?: { Now: { timeZoneId(): string } } }).Temporal

/** Awaits a call; a non-OK answer becomes an ApiRequestError carrying the server's message and status. */
export async function call<T extends ClientResponse<unknown>>(request: T | Promise<T>) {
  try {
    return await parseResponse<T>(request)
  } catch (error) {
    if (!(error instanceof DetailedError)) throw error
    const apiError = apiErrorOf(error.detail?.data)
    const status = Number(error.statusCode ?? 0)
    throw new ApiRequestError(status, apiError?.message ?? `Request failed with status ${status}`, apiError?.code)
  }
}
