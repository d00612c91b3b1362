import { useState, type FormEvent } from 'react'
import { useSearchParams } from 'react-router'
import { AUTH_MESSAGES } from '~/core/auth'
import { AuthLayout, Field, Notice, primaryButtonClass } from './AuthLayout'
import { authClient } from '~/web/lib/auth-client'

export default function ForgotPasswordScreen() {
  const [search] = useSearchParams()
  const [email, setEmail] = useState(search.get('email') ?? '')
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | { error: string }>('idle')

  async function submit(event: FormEvent) {
    event.preventDefault()
    setState('sending')
    try {
      await authClient.requestPasswordReset(email)
      setState('sent')
    } catch (error) {
      setState({ error: error instanceof Error ? error.message : AUTH_MESSAGES.otherError })
    }
  }

  return (
    <AuthLayout title="Reset your password" subtitle="We'll email you a link to choose a new one." back="/auth/login">
      <form className="space-y-4" onSubmit={(e) => void submit(e)}>
        <Field label="Email" type="email" name="email" autoComplete="email" value={email} onValue={setEmail} />
        {state === 'sent' ? <Notice tone="success">If an account uses this address, a reset link is on its way. Check your inbox.</Notice> : null}
        {typeof state === 'object' ? <Notice tone="error">{state.error}</Notice> : null}
        <button type="submit" className={primaryButtonClass} disabled={state === 'sending'}>
          Send reset link
        </button>
      </form>
    </AuthLayout>
  )
}
