import { DetailedError, hc, parseResponse, type ClientResponse } from 'hono/client'
import { apiErrorOf, type ApiErrorBody } from '~/core/api-errors'
import type { ApiType } from '~/server/app'

/** How a test visitor sends a request: with its cookies, the app's origin and its own client address. */
type Send = (path: string, init: { method: string; body?: string; headers: Record<string, string>; signal?: AbortSignal }) => Promise<Response>

/**
 * The web's client type (`hc<ApiType>`, src/web/api.ts) over a test visitor's own requests, so a test calls the API
 * the way the web does and reads answers typed by the routes (docs/decisions/0028). A test that sends what the types
 * forbid (a malformed body, a wrong method, an unknown path) uses the visitor's raw `request` instead.
 */
export function apiClient(send: Send) {
  return hc<ApiType>('/api', {
    fetch: async (input: RequestInfo | URL, init: RequestInit = {}) => {
      if (typeof input !== 'string') throw new Error('the test client sends only paths')
      if (init.body != null && typeof init.body !== 'string') throw new Error('the test client sends only JSON bodies')
      const headers = Object.fromEntries(new Headers(init.headers).entries())
      return send(input, { method: init.method ?? 'GET', body: init.body ?? undefined, headers, signal: init.signal ?? undefined })
    },
  })
}

/** The body of a successful answer, typed by its route; any other answer fails the test with its status and body. */
export async function okBody<T extends ClientResponse<unknown>>(pending: T | Promise<T>) {
  try {
    return await parseResponse<T>(pending)
  } catch (error) {
    if (!(error instanceof DetailedError)) throw error
    throw new Error(`expected a successful answer, got ${String(error.statusCode)}: ${JSON.stringify(error.detail?.data)}`, { cause: error })
  }
}

/** The one error shape of an answer that is an error (src/core/api-errors.ts); anything else fails the test. */
export async function errorBody(pending: Response | ClientResponse<unknown> | Promise<Response | ClientResponse<unknown>>): Promise<ApiErrorBody> {
  const response = await pending
  const text = await response.text()
  const error = response.ok ? null : apiErrorOf(JSON.parse(text))
  if (!error) throw new Error(`expected an error answer, got ${response.status}: ${text}`)
  return { error }
}
