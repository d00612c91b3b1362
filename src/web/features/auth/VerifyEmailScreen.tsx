import { useEffect, useRef, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { AUTH_MESSAGES, EMAIL_CONFIRMED } from '~/core/auth'
import { HOME_ROUTE } from '~/web/app/route-access'
import { sessionQuery } from '~/web/app/session'
import { AuthLayout, Notice, primaryButtonClass } from './AuthLayout'
import { authClient, AuthRequestError } from '~/web/lib/auth-client'

const LINK_NO_LONGER_WORKS = 'That confirmation link has expired or was already used. Sign in to get a new one.'
const SIGN_IN = '/auth/login'
type State = 'ready' | 'confirming' | 'confirmed' | 'unusable' | { error: string }

function subtitle(state: State) {
  if (state === 'unusable') return undefined
  if (state === 'confirmed') return 'Taking you to your week…'
  return 'Press the button to confirm this address is yours.'
}

/**
 * Where a confirmation link goes back to: only a sign-in screen of this app, as the server wrote it, so a link
 * someone edited can't send the member elsewhere.
 */
function returnAddress(callbackURL: string | null) {
  return callbackURL?.startsWith('/auth/') ? callbackURL : `${SIGN_IN}?verified=1`
}

/**
 * /auth/verify, where the mailed confirmation link opens (docs/decisions/0016): opening it changes nothing, so a mail
 * scanner that follows the link confirms no one; the member's press of the button does.
 */
export default function VerifyEmailScreen() {
  const [search] = useSearchParams()
  const token = search.get('token')
  const back = returnAddress(search.get('callbackURL'))
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [state, setState] = useState<State>(token ? 'ready' : 'unusable')
  const notice = useRef<HTMLDivElement>(null)

  // The button has gone with an unusable link: the keyboard moves to the message that says why.
  useEffect(() => {
    if (state === 'unusable' && token) notice.current?.focus()
  }, [state, token])

  async function confirm() {
    if (!token) return
    setState('confirming')
    try {
      const { signedIn } = await authClient.verifyEmail(token)
      if (!signedIn) {
        await navigate(back, { replace: true })
        return
      }
      // Confirmed where the sign-up came from: the member is in, and lands on their week (docs/decisions/0056).
      setState('confirmed')
      await queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey })
      await navigate(HOME_ROUTE, { replace: true })
    } catch (error) {
      if (error instanceof AuthRequestError && (error.status === 400 || error.status === 401)) setState('unusable')
      else setState({ error: error instanceof Error && error.message ? error.message : AUTH_MESSAGES.otherError })
    }
  }

  return (
    <AuthLayout title={state === 'confirmed' ? EMAIL_CONFIRMED : 'Confirm your email'} subtitle={subtitle(state)} back={SIGN_IN}>
      {state === 'confirmed' ? null : state === 'unusable' ? (
        <>
          <div ref={notice} tabIndex={-1} className="focus:outline-none">
            <Notice tone="error">{LINK_NO_LONGER_WORKS}</Notice>
          </div>
          <Link to={back.split('?')[0]!} className={`${primaryButtonClass} block text-center`}>
            Sign in
          </Link>
        </>
      ) : (
        <>
          {typeof state === 'object' ? <Notice tone="error">{state.error}</Notice> : null}
          <button type="button" className={primaryButtonClass} disabled={state === 'confirming'} onClick={() => void confirm()}>
            {state === 'confirming' ? 'Confirming...' : 'Confirm my email'}
          </button>
        </>
      )}
    </AuthLayout>
  )
}
