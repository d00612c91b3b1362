import type { ReactNode } from 'react'

/** The weekly home's cards: a soft panel with a glow in its corner, named by its heading. */
export function GlowCard({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    <section aria-labelledby={labelledBy} className="relative mt-10 overflow-hidden rounded-3xl border border-white/10 bg-night-soft/80 p-5 sm:p-8">
      <div aria-hidden="true" className="pointer-events-none absolute -top-24 -right-24 size-64 rounded-full bg-glow/15 blur-3xl" />
      {children}
    </section>
  )
}
