import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'
import { KEYBOARD_MOVE_MS } from '~/core/timings'

/** When the person last pressed Enter or Space, and last pressed a pointer (mouse, touch, pen), on performance.now(). */
const lastPress = { key: -Infinity, pointer: -Infinity }

/** Whether a move to another screen starting `now` came from the keyboard: an Enter or Space press just before it. */
export function movedByKeyboard(press: { key: number; pointer: number }, now: number): boolean {
  return press.key > press.pointer && now - press.key <= KEYBOARD_MOVE_MS
}

/**
 * Focuses a screen's heading for screen readers and the keyboard's next Tab. It shows a focus ring only when the
 * keyboard led there, as a link or button does (:focus-visible): a tap, a click or the app's own redirect leaves none.
 */
export function focusHeading(heading: HTMLElement, byKeyboard = movedByKeyboard(lastPress, performance.now())) {
  heading.tabIndex = -1
  heading.focus({ focusVisible: byKeyboard })
}

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
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Enter' || event.key === ' ') lastPress.key = performance.now()
    }
    const onPointer = () => (lastPress.pointer = performance.now())
    document.addEventListener('keydown', onKey, true)
    document.addEventListener('pointerdown', onPointer, true)
    return () => {
      document.removeEventListener('keydown', onKey, true)
      document.removeEventListener('pointerdown', onPointer, true)
    }
  }, [])

  useEffect(() => {
    if (shown.current === pathname) return
    shown.current = pathname
    // Decided as the move starts: the heading may only arrive once the screen's code and data have.
    const byKeyboard = movedByKeyboard(lastPress, performance.now())
    let placed: HTMLElement | null = null
    const observer = new MutationObserver(settle)
    function settle() {
      const active = document.activeElement
      if (active && active !== document.body && active !== placed) return observer.disconnect()
      if (placed?.isConnected) return
      const heading = document.querySelector<HTMLElement>('h1')
      if (!heading) return
      focusHeading(heading, byKeyboard)
      placed = heading
    }
    observer.observe(document.body, { childList: true, subtree: true })
    settle()
    return () => observer.disconnect()
  }, [pathname])
}
