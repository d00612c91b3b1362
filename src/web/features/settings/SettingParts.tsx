import { useId, type ReactNode, type Ref } from 'react'

/** One setting's card, named by its heading; `id` lets a link (a reminder mail's, the side menu's) open the page at it. */
export function Section({ title, icon, children, id, headingRef }: { title: string; icon: ReactNode; children: ReactNode; id?: string; headingRef?: Ref<HTMLHeadingElement> }) {
  const headingId = useId()
  return (
    <section id={id} aria-labelledby={headingId} className="rounded-3xl border border-white/10 bg-night-soft/80 p-5 sm:p-6">
      <h2 ref={headingRef} id={headingId} className="flex items-center gap-2 text-xl font-semibold text-white">
        {icon}
        {title}
      </h2>
      {children}
    </section>
  )
}

/** A setting that is on or off: its label and hint beside a switch. */
export function SwitchRow({ label, hint, on, onChange, disabled = false }: { label: string; hint: ReactNode; on: boolean; onChange: (on: boolean) => void; disabled?: boolean }) {
  const labelId = useId()
  const hintId = useId()
  return (
    <div className="mt-3 flex items-center justify-between gap-4">
      <div className="min-w-0">
        <p id={labelId} className="font-medium text-white">
          {label}
        </p>
        <p id={hintId} className="mt-1 text-sm">
          {hint}
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-labelledby={labelId}
        aria-describedby={hintId}
        disabled={disabled}
        onClick={() => onChange(!on)}
        className="relative inline-flex h-8 w-14 shrink-0 items-center rounded-full border border-white/20 bg-white/10 transition-colors disabled:cursor-wait disabled:opacity-60 motion-reduce:transition-none aria-checked:border-glow aria-checked:bg-glow/40"
      >
        <span
          aria-hidden="true"
          className={`size-6 rounded-full bg-white shadow transition-transform motion-reduce:transition-none ${on ? 'translate-x-7' : 'translate-x-1'}`}
        />
      </button>
    </div>
  )
}
