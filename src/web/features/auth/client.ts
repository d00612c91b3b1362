import { AUTH_MESSAGES } from '~/core/auth'

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
  signUp: (email: string, password: string, callbackURL: string) => post('/sign-up/email', { email, password, callbackURL }),
  signOut: () => post('/sign-out'),
  google: (callbackURL: string) => post<{ url: string }>('/sign-in/social', { provider: 'google', callbackURL }),
  requestPasswordReset: (email: string) => post('/request-password-reset', { email, redirectTo: '/auth/reset-password' }),
  resetPassword: (token: string, newPassword: string) => post('/reset-password', { token, newPassword }),
}
