import { useEffect, useEffectEvent, type RefObject } from 'react'

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])'

/**
 * What a modal dialog owes the keyboard: focus moves in when it opens and goes back where it was when it closes, Tab
 * and Shift+Tab stay inside it, Escape closes it (when it can be closed), and the page behind doesn't scroll.
 */
export function useModal(panel: RefObject<HTMLElement | null>, onEscape?: () => void) {
  const escape = useEffectEvent(() => onEscape?.())
  const closable = Boolean(onEscape)

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (!panel.current?.contains(document.activeElement)) panel.current?.focus()
    const { overflow } = document.body.style
    document.body.style.overflow = 'hidden'

    // On the document, not the panel: a click on the panel's background moves focus to <body>.
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape' && closable) {
        event.preventDefault()
        escape()
      } else if (event.key === 'Tab') {
        keepFocusInside(event, panel.current)
      }
    }
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      document.body.style.overflow = overflow
      if (opener?.isConnected) opener.focus()
    }
  }, [panel, closable])
}

/** Wraps Tab and Shift+Tab around the panel's controls, and pulls focus back in if it was lost. */
function keepFocusInside(event: KeyboardEvent, panel: HTMLElement | null) {
  if (!panel) return
  const focusable = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)]
  const first = focusable[0]
  const last = focusable.at(-1)
  const active = document.activeElement
  if (!first || !last) {
    // Nothing to move to: focus stays on the panel itself.
    event.preventDefault()
    panel.focus()
  } else if (!panel.contains(active)) {
    event.preventDefault()
    first.focus()
  } else if (event.shiftKey && (active === first || active === panel)) {
    event.preventDefault()
    last.focus()
  } else if (!event.shiftKey && active === last) {
    event.preventDefault()
    first.focus()
  }
}
