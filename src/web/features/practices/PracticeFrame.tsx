import type { ReactNode } from 'react'

/** The frame every practice screen shares (docs/decisions/0020): a way back at the top, the title, the practice beneath. */
export function PracticeFrame({ back, title, children }: { back: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-2xl flex-col px-5 sm:px-8">
      <header className="py-4">{back}</header>
      <main className="flex flex-1 flex-col items-center pt-2 pb-12 text-center sm:pt-6">
        <h1 className="text-3xl font-semibold tracking-tight break-words text-white sm:text-4xl">{title}</h1>
        {children}
      </main>
    </div>
  )
}
