import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'

/**
 * After a move to another screen the keyboard starts at the new screen's heading, as after a page load, and a screen
 * reader reads it out. Otherwise the focus is lost with the link or button that led there, and the next Tab starts
 * wherever the browser guesses. A screen that places the focus itself keeps it. The heading may come a moment later,
 * or be replaced (the screen's code or data still loading), so it is watched for until the focus is elsewhere or the
 * next move.
 */
export function useFocusOnNavigation() {
  const { pathname } = useLocation()
  const shown = useRef(pathname)

  useEffect(() => {
    if (shown.current === pathname) return
    shown.current = pathname
    let placed: HTMLElement | null = null
    const observer = new MutationObserver(settle)
    function settle() {
      const active = document.activeElement
      if (active && active !== document.body && active !== placed) return observer.disconnect()
      if (placed?.isConnected) return
      const heading = document.querySelector<HTMLElement>('h1')
      if (!heading) return
      heading.tabIndex = -1
      heading.focus()
      placed = heading
    }
    observer.observe(document.body, { childList: true, subtree: true })
    settle()
    return () => observer.disconnect()
  }, [pathname])
}
