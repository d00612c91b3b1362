import { AGE_CONFIRMATION, AUTH_MESSAGES, type EnterOutcome } from '~/core/auth'

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
  /** The sign-in form: sign-in, else a sign-up when the age box is ticked, in one request (docs/decisions/0002). */
  enter: (email: string, password: string, callbackURL: string, ageConfirmed: boolean) =>
    post<{ outcome: EnterOutcome }>('/enter', { email, password, callbackURL, [AGE_CONFIRMATION.field]: ageConfirmed }),
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
