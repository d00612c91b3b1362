import { AGE_CONFIRMATION, AUTH_MESSAGES } from '~/core/auth'

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

async function post<T>(path: string, body: object = {}): Promise<T> {
  const response = await fetch(`/api/auth${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    credentials: 'same-origin',
    body: JSON.stringify(body),
  })
  const data = (await response.json().catch(() => null)) as { code?: string; message?: string; error?: { code?: string; message?: string } } | null
  if (!response.ok) {
    const code = data?.code ?? data?.error?.code
    const message = data?.message ?? data?.error?.message ?? AUTH_MESSAGES.otherError
    throw new AuthRequestError(response.status, code, message)
  }
  return data as T
}

export const authClient = {
  signIn: (email: string, password: string, callbackURL: string) => post('/sign-in/email', { email, password, callbackURL }),
  /** Only after the member ticked the age box: without it the server makes no account (docs/decisions/0016). */
  signUp: (email: string, password: string, callbackURL: string) =>
    post('/sign-up/email', { email, password, callbackURL, [AGE_CONFIRMATION.field]: true }),
  signOut: () => post('/sign-out'),
  /**
   * A new Google account is made only with `requestSignUp` (the age box ticked); without it the server sends the
   * browser back to `errorCallbackURL` with `?error=signup_disabled`, and a returning member signs in as before.
   */
  google: (callbackURL: string, errorCallbackURL: string, requestSignUp: boolean) =>
    post<{ url: string }>('/sign-in/social', { provider: 'google', callbackURL, errorCallbackURL, requestSignUp }),
  /** The verification link's page sends its token here only when the member presses its button (docs/decisions/0016). */
  verifyEmail: (token: string) => post('/verify-email', { token }),
  requestPasswordReset: (email: string) => post('/request-password-reset', { email, redirectTo: '/auth/reset-password' }),
  resetPassword: (token: string, newPassword: string) => post('/reset-password', { token, newPassword }),
}
