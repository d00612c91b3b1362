import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState, type FormEvent, type Ref } from 'react'
import { Link, useParams, useSearchParams } from 'react-router'
import { AGE_CONFIRMATION, AUTH_MESSAGES, EMAIL_CONFIRMED } from '~/core/auth'
import { mailAppFor } from '~/core/mail-apps'
import { pathFromAuthName } from '~/core/onboarding'
import { PATH_INFO, type PathName } from '~/core/paths'
import { HOME_ROUTE } from '~/web/app/route-access'
import { sessionQuery } from '~/web/app/session'
import { localOnboarding } from '~/web/data/onboarding'
import { useServerConfig } from '~/web/data/status'
import { AuthLayout, Field, Notice, primaryButtonClass, secondaryButtonClass } from './AuthLayout'
import { authClient } from '~/web/lib/auth-client'

type Outcome = { tone: 'info' | 'error' | 'success'; text: string } | null

/** Better Auth's `?error` when Google sign-in would have made a new account without the age box ticked. */
const GOOGLE_SIGN_UP_REFUSED = 'signup_disabled'

/**
 * /auth/{pathName} and /auth/login: email sign-in first, then an automatic sign-up (docs/product.md#sign-in), both on
 * the server in one request (docs/decisions/0002); the sign-up needs the age box ticked (docs/decisions/0016). A member
 * who signs in never needs it.
 */
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
  // A mail went out: the screen becomes the inbox's message, with the address it went to (docs/decisions/0056).
  const [sentTo, setSentTo] = useState<{ email: string; message: string } | null>(null)
  const emailField = useRef<HTMLInputElement>(null)
  const verified = Boolean(search.get('verified'))
  const [ageConfirmed, setAgeConfirmed] = useState(false)
  const [ageMissing, setAgeMissing] = useState(() => search.get('error') === GOOGLE_SIGN_UP_REFUSED)
  const ageBox = useRef<HTMLInputElement>(null)
  // Onboarding keeps its choices on the device until the first sign-in: whoever has them is here to make an account,
  // unless a confirmation or a reset link just brought them back (docs/decisions/0018).
  const [newcomer] = useState(() => localOnboarding.read() !== null && !search.get('verified') && !search.get('reset'))

  useEffect(() => {
    if (path) localOnboarding.writePath(path)
  }, [path])

  async function submit(event: FormEvent) {
    event.preventDefault()
    setBusy(true)
    setOutcome(null)
    setAgeMissing(false)
    const confirmUrl = `/auth/${encodeURIComponent(name)}?verified=1`
    try {
      // On the newcomer's screen, continuing is the age confirmation (AGE_CONFIRMATION.statement).
      const { outcome } = await authClient.enter(email, password, confirmUrl, newcomer || ageConfirmed)
      if (outcome === 'signed-in') {
        // With a session, the shell sends the user on from /auth/* to their weekly home.
        await queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey })
      } else if (outcome === 'email-not-confirmed') {
        setSentTo({ email, message: AUTH_MESSAGES.emailNotConfirmed })
      } else if (outcome === 'check-inbox') {
        setSentTo({ email, message: AUTH_MESSAGES.signUpConfirmation })
      } else {
        // No sign-up was tried: the keyboard goes to the box, which the message describes.
        setAgeMissing(true)
        ageBox.current?.focus()
      }
    } catch (error) {
      setOutcome({ tone: 'error', text: errorText(error) })
    } finally {
      setBusy(false)
    }
  }

  async function google() {
    setOutcome(null)
    setAgeMissing(false)
    try {
      const { url } = await authClient.google(HOME_ROUTE, `/auth/${encodeURIComponent(name)}`, newcomer || ageConfirmed)
      window.location.assign(url)
    } catch (error) {
      setOutcome({ tone: 'error', text: errorText(error) })
    }
  }

  if (sentTo) {
    return (
      <CheckInbox
        {...sentTo}
        onAnotherEmail={() => {
          setSentTo(null)
          setEmail('')
          setPassword('')
          // The form comes back on the next render; the keyboard goes to its address field.
          requestAnimationFrame(() => emailField.current?.focus())
        }}
      />
    )
  }

  return (
    <AuthLayout title={verified ? EMAIL_CONFIRMED : newcomer ? 'Create your account' : 'Welcome back'} subtitle={subtitle(newcomer, verified, path)}>
      {newcomer ? (
        <p className="text-sm text-mist">
          {AGE_CONFIRMATION.reason} {AGE_CONFIRMATION.statement}
        </p>
      ) : (
        <AgeConfirmation
          inputRef={ageBox}
          checked={ageConfirmed}
          missing={ageMissing}
          onChange={(checked) => {
            setAgeConfirmed(checked)
            if (checked) setAgeMissing(false)
          }}
        />
      )}
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
        <Field ref={emailField} label="Email" type="email" name="email" autoComplete="email" value={email} onValue={setEmail} />
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

/** AGE_CONFIRMATION's box with its reason; `missing` shows why a sign-up did not happen, as the box's description. */
function AgeConfirmation({
  inputRef,
  checked,
  missing,
  onChange,
}: {
  inputRef: Ref<HTMLInputElement>
  checked: boolean
  missing: boolean
  onChange: (checked: boolean) => void
}) {
  const reasonId = useId()
  const missingId = useId()
  return (
    <div className="space-y-2">
      <label className="flex min-h-11 cursor-pointer items-center gap-3 text-white">
        <input
          ref={inputRef}
          type="checkbox"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-describedby={missing ? `${reasonId} ${missingId}` : reasonId}
          aria-invalid={missing || undefined}
          className="size-5 shrink-0 cursor-pointer accent-dawn"
        />
        {AGE_CONFIRMATION.label}
      </label>
      <p id={reasonId} className="-mt-2 pl-8 text-sm text-mist">
        {AGE_CONFIRMATION.reason}
      </p>
      {missing ? (
        <Notice tone="error" id={missingId}>
          {AGE_CONFIRMATION.missing}
        </Notice>
      ) : null}
    </div>
  )
}

/**
 * The screen once a mail went out (docs/decisions/0056): the message of docs/product.md#sign-in with the address it
 * went to, the mail app the address suggests, and a way back to the form for another address.
 */
function CheckInbox({ email, message, onAnotherEmail }: { email: string; message: string; onAnotherEmail: () => void }) {
  const panel = useRef<HTMLDivElement>(null)
  const mailApp = mailAppFor(email)
  // The form and its button are gone: the keyboard and screen readers start at the message.
  useEffect(() => panel.current?.focus(), [])
  return (
    <AuthLayout title="Check your inbox">
      <div ref={panel} tabIndex={-1} className="space-y-4 focus:outline-none">
        <p className="text-white">
          We sent a link to <strong className="font-semibold break-all">{email}</strong>.
        </p>
        <Notice tone="success">{message}</Notice>
      </div>
      {mailApp ? (
        <a href={mailApp.url} target="_blank" rel="noopener noreferrer" className={`${primaryButtonClass} block text-center`}>
          Open your mail app
          <span className="sr-only"> ({mailApp.name})</span>
        </a>
      ) : null}
      <button type="button" className={secondaryButtonClass} onClick={onAnotherEmail}>
        Use another email
      </button>
    </AuthLayout>
  )
}

function subtitle(newcomer: boolean, verified: boolean, path: PathName | null): string {
  const title = path && PATH_INFO[path].title
  if (verified) return `Sign in with your email and password to begin${title ? ` your ${title} path` : ''}.`
  if (newcomer) return `${title ? `Your ${title} path is ready. ` : ''}Create your account to keep your choices, or sign in if you have one.`
  return title ? `Sign in to go on with your ${title} path, or create your account with the same form.` : 'Sign in, or create your account with the same form.'
}

function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : AUTH_MESSAGES.otherError
}

/**
 * What the page that sent the user here said: the reset page, or Google (a confirmation says so in the heading),
 * whose only way back is `?error` (a refused sign-up shows at the age box instead).
 */
function linkOutcome(search: URLSearchParams): Outcome {
  const error = search.get('error')
  if (error && error !== GOOGLE_SIGN_UP_REFUSED) return { tone: 'error', text: 'Signing in with Google did not work. Please try again.' }
  if (search.get('reset')) return { tone: 'success', text: 'Your password is changed. Sign in with the new one.' }
  return null
}
