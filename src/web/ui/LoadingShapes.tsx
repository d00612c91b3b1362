import type { ReactNode } from 'react'

/**
 * Quiet shapes where a screen's content will be, so nothing jumps when it arrives: they pulse (unless motion is
 * reduced) and are hidden from screen readers, which hear `label` instead.
 */
export function LoadingShapes({ label, className = '', children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <>
      <p role="status" className="sr-only">
        {label}
      </p>
      <div aria-hidden="true" className={`animate-pulse motion-reduce:animate-none ${className}`}>
        {children}
      </div>
    </>
  )
}
