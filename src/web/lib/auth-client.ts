import { AGE_CONFIRMATION, AUTH_MESSAGES, ENTER_OUTCOMES } from '~/core/auth'
import { isOneOf } from '~/core/lists'

/** Better Auth's endpoints keep their own shape ({ code, message }); this is the web's one way to call them. */
export class AuthRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
  ) {
    super(message)
  }
}

/** A refusal's code and message, at the top of its JSON body or in its `error` object. */
function refusalOf(data: unknown): { code?: string | undefined; message?: string | undefined } {
  if (typeof data !== 'object' || data === null) return {}
  const inner = 'error' in data ? refusalOf(data.error) : {}
  return {
    code: 'code' in data && typeof data.code === 'string' ? data.code : inner.code,
    message: 'message' in data && typeof data.message === 'string' ? data.message : inner.message,
  }
}

/** Better Auth's answer, read by `read`; an answer that isn't what the web expects counts as a failure. */
async function post<T>(path: string, body: object, read: (data: unknown) => T | undefined): Promise<T> {
  const response = await fetch(`/api/auth${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    credentials: 'same-origin',
    body: JSON.stringify(body),
  })
  const data: unknown = await response.json().catch(() => null)
  if (!response.ok) {
    const { code, message } = refusalOf(data)
    throw new AuthRequestError(response.status, code, message ?? AUTH_MESSAGES.otherError)
  }
  const result = read(data)
  if (result === undefined) throw new AuthRequestError(response.status, undefined, AUTH_MESSAGES.otherError)
  return result
}

/** For the endpoints whose answer the web doesn't read. */
const ignored = () => null


export const authClient = {
  /** The sign-in form: sign-in, else a sign-up when the age box is ticked, in one request (docs/decisions/0002). */
  enter: (email: string, password: string, callbackURL: string, ageConfirmed: boolean) =>
    post('/enter', { email, password, callbackURL, [AGE_CONFIRMATION.field]: ageConfirmed }, (data) =>
      typeof data === 'object' && data !== null && 'outcome' in data && isOneOf(ENTER_OUTCOMES, data.outcome) ? { outcome: data.outcome } : undefined,
    ),
  signOut: () => post('/sign-out', {}, ignored),
  /**
   * A new Google account is made only with `requestSignUp` (the age box ticked); without it the server sends the
   * browser back to `errorCallbackURL` with `?error=signup_disabled`, and a returning member signs in as before.
   */
  google: (callbackURL: string, errorCallbackURL: string, requestSignUp: boolean) =>
    post('/sign-in/social', { provider: 'google', callbackURL, errorCallbackURL, requestSignUp }, (data) =>
      typeof data === 'object' && data !== null && 'url' in data && typeof data.url === 'string' ? { url: data.url } : undefined,
    ),
  /**
   * The verification link's page sends its token here only when the member presses its button (docs/decisions/0016);
   * `signedIn` when the browser the sign-up came from now has the member's session (docs/decisions/0056).
   */
  verifyEmail: (token: string) =>
    post('/verify-email', { token }, (data) => (typeof data === 'object' && data !== null && 'signedIn' in data && typeof data.signedIn === 'boolean' ? { signedIn: data.signedIn } : undefined)),
  requestPasswordReset: (email: string) => post('/request-password-reset', { email, redirectTo: '/auth/reset-password' }, ignored),
  resetPassword: (token: string, newPassword: string) => post('/reset-password', { token, newPassword }, ignored),
}
