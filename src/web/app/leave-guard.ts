import { useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router'

/** Where the member was going when the screen asked first: an address of the app, or steps through the history. */
type Leaving = { to: string } | { steps: number }

/** The position React Router's browser history keeps in each entry's state (`idx`), when there is one. */
function historyIndex(state: unknown): number | null {
  if (!state || typeof state !== 'object' || !('idx' in state)) return null
  return typeof state.idx === 'number' ? state.idx : null
}

/** The guard that hears the browser's back and forward first, while a screen asks before leaving. */
let popGuard: ((event: PopStateEvent) => void) | null = null

/**
 * Listens to `popstate` ahead of React Router: listeners on `window` hear it in the order they were added, whether
 * capturing or not, so this is called before the router starts (main.tsx), and the guard can stop the event there.
 */
export function hearHistoryFirst() {
  window.addEventListener('popstate', (event) => popGuard?.(event))
}

/**
 * Asks before the member leaves the screen for another while `when` holds (docs/decisions/0038): a link to another
 * screen of the app, and the browser's back and forward buttons. React Router's `useBlocker` does the same only inside
 * its data router, which weighs about 16 KB gzip on every first load; this works with the declarative router the app
 * uses. Closing or reloading the tab is the browser's own question (`beforeunload`), which the screen adds.
 *
 * A link: its click is caught on the way down, before React Router's `Link` sees it, and its default prevented, which
 * `Link` takes to mean "don't navigate" (its own `onClick`, closing a menu, still runs). The back or forward button:
 * the browser has moved already when `popstate` comes, so the guard takes the event before React Router does (see
 * hearHistoryFirst), steps back to where the member was, and asks. Leaving then navigates,
 * or takes the same steps again and lets React Router see them.
 */
export function useLeaveGuard(when: boolean) {
  const navigate = useNavigate()
  const [leaving, setLeaving] = useState<Leaving | null>(null)
  /** The next `popstate` is the member's confirmed step: React Router takes it. */
  const letThrough = useRef(false)

  useEffect(() => {
    if (!when) return
    const here = window.location.pathname
    const index = historyIndex(window.history.state)
    /** The next `popstate` is the guard's own step back to where the member was. */
    let restoring = false

    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null
      if (!(link instanceof HTMLAnchorElement) || (link.target !== '' && link.target !== '_self') || link.hasAttribute('download')) return
      const url = new URL(link.href)
      if (url.origin !== window.location.origin || url.pathname === here) return
      event.preventDefault()
      setLeaving({ to: `${url.pathname}${url.search}${url.hash}` })
    }

    const onPopState = (event: PopStateEvent) => {
      if (letThrough.current) {
        letThrough.current = false
        return
      }
      if (restoring) {
        restoring = false
        event.stopImmediatePropagation()
        return
      }
      if (window.location.pathname === here) return
      event.stopImmediatePropagation()
      const reached = historyIndex(event.state)
      // Without React Router's positions (an entry it didn't make), a step back is the likeliest.
      const steps = index !== null && reached !== null ? reached - index : -1
      restoring = true
      window.history.go(-steps)
      setLeaving({ steps })
    }

    document.addEventListener('click', onClick, { capture: true })
    popGuard = onPopState
    return () => {
      document.removeEventListener('click', onClick, { capture: true })
      if (popGuard === onPopState) popGuard = null
    }
  }, [when])

  return {
    /** The member asked to leave; the screen asks whether to. */
    asking: leaving !== null,
    stay: () => setLeaving(null),
    leave: () => {
      setLeaving(null)
      if (!leaving) return
      if ('to' in leaving) {
        void navigate(leaving.to)
      } else {
        letThrough.current = true
        window.history.go(leaving.steps)
      }
    },
  }
}
