import type { ReactNode } from 'react'
import { BackHome } from './BackLink'

/** A step on the way to the first practice (the assessment, the first quest): a way back, a small label and a title. */
export function StepPage({ eyebrow, title, children }: { eyebrow: string; title: string; children: ReactNode }) {
  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-2xl flex-col px-5 sm:px-8">
      <header className="py-4 sm:py-6">
        <BackHome />
      </header>
      <main className="flex-1 pb-12">
        <p className="text-sm font-medium tracking-widest text-glow uppercase">{eyebrow}</p>
        <h1 className="mt-2 text-3xl font-semibold tracking-tight text-white sm:text-4xl">{title}</h1>
        {children}
      </main>
    </div>
  )
}
