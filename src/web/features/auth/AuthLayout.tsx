import type { ComponentProps, ReactNode } from 'react'
import { Link } from 'react-router'

/** The frame of the sign-in screens: a back link, a heading and a card. */
export function AuthLayout({ title, subtitle, back = '/', children }: { title: string; subtitle?: string; back?: string; children: ReactNode }) {
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col gap-6 px-6 py-8">
      <Link to={back} className="self-start rounded-full px-2 py-1 text-sm text-mist hover:text-white">
        ← Back
      </Link>
      <div className="space-y-2">
        <h1 className="text-3xl font-semibold tracking-tight text-white">{title}</h1>
        {subtitle ? <p className="text-mist">{subtitle}</p> : null}
      </div>
      <div className="space-y-5 rounded-3xl border border-white/10 bg-night-soft/80 p-6 shadow-2xl shadow-black/30 backdrop-blur">{children}</div>
    </main>
  )
}

/** A message of the sign-in screens; `id` lets a field name it as its description. */
export function Notice({ tone, id, children }: { tone: 'info' | 'error' | 'success'; id?: string; children: ReactNode }) {
  const colours = { info: 'border-glow/40 bg-glow/10 text-white', error: 'border-rose-300/50 bg-rose-400/10 text-rose-100', success: 'border-emerald-300/50 bg-emerald-400/10 text-emerald-50' }
  return (
    <p id={id} role={tone === 'error' ? 'alert' : 'status'} className={`rounded-2xl border px-4 py-3 text-sm leading-relaxed ${colours[tone]}`}>
      {children}
    </p>
  )
}

/** A labelled, required text input of the sign-in screens. */
export function Field({ label, onValue, ...input }: { label: string; onValue: (value: string) => void } & ComponentProps<'input'>) {
  return (
    <label className="block space-y-1">
      <span className="text-sm text-white">{label}</span>
      <input
        className="w-full rounded-2xl border border-white/15 bg-night px-4 py-3 text-white placeholder:text-mist/60 focus:border-glow"
        required
        onChange={(e) => onValue(e.target.value)}
        {...input}
      />
    </label>
  )
}
export const primaryButtonClass =
  'w-full rounded-full bg-dawn px-5 py-3 font-semibold text-night transition hover:bg-white disabled:cursor-not-allowed disabled:opacity-60'
export const secondaryButtonClass =
  'w-full rounded-full border border-white/20 px-5 py-3 font-medium text-white transition hover:bg-white/10 disabled:cursor-not-allowed disabled:opacity-60'
