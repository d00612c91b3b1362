import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState, type FormEvent } from 'react'
import { Link, useParams, useSearchParams } from 'react-router'
import { AUTH_MESSAGES } from '~/core/auth'
import { pathFromAuthName } from '~/core/onboarding'
import { PATH_INFO } from '~/core/paths'
import { HOME_ROUTE } from '~/web/app/route-access'
import { sessionQuery } from '~/web/app/session'
import { localOnboarding } from '~/web/features/onboarding/storage'
import { useServerConfig } from '~/web/features/status/config'
import { AuthLayout, Field, Notice, primaryButtonClass, secondaryButtonClass } from './AuthLayout'
import { authClient, AuthRequestError } from './client'

type Outcome = { tone: 'info' | 'error' | 'success'; text: string } | null

/** /auth/{pathName} and /auth/login: email sign-in first, then an automatic sign-up (SPEC §4). */
export default function AuthScreen() {
  const { pathName = 'login' } = useParams()
  const [search] = useSearchParams()
  const name = search.get('initialPath') ?? pathName
  const path = pathFromAuthName(name)
  const queryClient = useQueryClient()
  const { data: config } = useServerConfig()
  const [email, setEmail] = useState(search.get('email') ?? '')
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<Outcome>(() => linkOutcome(search))

  useEffect(() => {
    if (path) localOnboarding.writePath(path)
  }, [path])

  async function submit(event: FormEvent) {
    event.preventDefault()
    setBusy(true)
    setOutcome(null)
    const confirmUrl = `/auth/${encodeURIComponent(name)}?verified=1`
    try {
      await authClient.signIn(email, password, confirmUrl)
      // With a session, the shell sends the user on from /auth/* to their weekly home.
      await queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey })
    } catch (error) {
      if (error instanceof AuthRequestError && error.code === 'EMAIL_NOT_VERIFIED') {
        setOutcome({ tone: 'info', text: AUTH_MESSAGES.emailNotConfirmed })
      } else if (error instanceof AuthRequestError && error.code === 'INVALID_EMAIL_OR_PASSWORD') {
        setOutcome(await signUpInstead(email, password, confirmUrl))
      } else {
        setOutcome({ tone: 'error', text: errorText(error) })
      }
    } finally {
      setBusy(false)
    }
  }

  async function google() {
    setOutcome(null)
    try {
      const { url } = await authClient.google(HOME_ROUTE)
      window.location.assign(url)
    } catch (error) {
      setOutcome({ tone: 'error', text: errorText(error) })
    }
  }

  return (
    <AuthLayout
      title={path ? `Begin your ${PATH_INFO[path].title} path` : 'Welcome back'}
      subtitle="Sign in, or create your account with the same form."
    >
      <div className="space-y-2">
        <button type="button" className={secondaryButtonClass} disabled={!config?.google} onClick={() => void google()}>
          Continue with Google
        </button>
        {config && !config.google ? <p className="text-center text-xs text-mist">Google sign-in is not set up on this server.</p> : null}
      </div>
      <div className="flex items-center gap-3 text-xs uppercase tracking-widest text-mist" aria-hidden="true">
        <span className="h-px flex-1 bg-white/15" />
        or
        <span className="h-px flex-1 bg-white/15" />
      </div>
      <form className="space-y-4" onSubmit={(e) => void submit(e)}>
        <Field label="Email" type="email" name="email" autoComplete="email" value={email} onValue={setEmail} />
        <Field label="Password" type="password" name="password" autoComplete="current-password" value={password} onValue={setPassword} />
        {outcome ? <Notice tone={outcome.tone}>{outcome.text}</Notice> : null}
        <button type="submit" className={primaryButtonClass} disabled={busy}>
          {busy ? 'One moment...' : 'Continue with email'}
        </button>
      </form>
      <p className="text-center text-sm">
        <Link to={`/auth/forgot-password${email ? `?email=${encodeURIComponent(email)}` : ''}`} className="text-dawn underline-offset-4 hover:underline">
          Forgot password?
        </Link>
      </p>
    </AuthLayout>
  )
}

async function signUpInstead(email: string, password: string, confirmUrl: string): Promise<Outcome> {
  try {
    await authClient.signUp(email, password, confirmUrl)
    return { tone: 'success', text: AUTH_MESSAGES.signUpConfirmation }
  } catch (error) {
    return { tone: 'error', text: errorText(error) }
  }
}

function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : AUTH_MESSAGES.otherError
}

/** What the confirmation link told us when it sent the user back here. */
function linkOutcome(search: URLSearchParams): Outcome {
  if (search.get('error')) return { tone: 'error', text: 'That confirmation link has expired or was already used. Sign in to get a new one.' }
  if (search.get('verified')) return { tone: 'success', text: 'Your email is confirmed. Sign in to begin.' }
  if (search.get('reset')) return { tone: 'success', text: 'Your password is changed. Sign in with the new one.' }
  return null
}
