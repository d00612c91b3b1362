import { useState, type FormEvent } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { AUTH_MESSAGES, passwordProblem } from '~/core/auth'
import { AuthLayout, Field, Notice, primaryButtonClass } from './AuthLayout'
import { authClient } from '~/web/lib/auth-client'

export default function ResetPasswordScreen() {
  const [search] = useSearchParams()
  const token = search.get('token')
  const navigate = useNavigate()
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(search.get('error') ? 'This reset link has expired. Ask for a new one.' : null)
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    const problem = passwordProblem(password)
    if (problem) return setError(problem)
    if (!token) return setError('This reset link is not complete. Ask for a new one.')
    setBusy(true)
    try {
      await authClient.resetPassword(token, password)
      await navigate('/auth/login?reset=1', { replace: true })
    } catch (e) {
      setError(e instanceof Error ? e.message : AUTH_MESSAGES.otherError)
      setBusy(false)
    }
  }

  return (
    <AuthLayout title="Choose a new password" subtitle="8 to 128 characters; a long phrase is easiest to remember." back="/auth/login">
      <form className="space-y-4" onSubmit={(e) => void submit(e)}>
        <Field label="New password" type="password" name="new-password" autoComplete="new-password" value={password} onValue={setPassword} />
        {error ? <Notice tone="error">{error}</Notice> : null}
        <button type="submit" className={primaryButtonClass} disabled={busy}>
          Save new password
        </button>
      </form>
    </AuthLayout>
  )
}
