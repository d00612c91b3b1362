import type { ReactNode } from 'react'

export function FullScreenMessage({ children }: { children: ReactNode }) {
  return (
    <main className="grid min-h-dvh place-items-center p-6 text-center">
      <p role="status" className="text-lg text-mist">
        {children}
      </p>
    </main>
  )
}
