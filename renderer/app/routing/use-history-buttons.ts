import { useEffect } from 'react'

interface History {
  back(): void
  forward(): void
}

const isMac = typeof navigator !== 'undefined' && /Mac/.test(navigator.platform)

/** -1 back, 1 forward, 0 not a history key: Alt+←/→ (⌘[ and ⌘] on a Mac). */
export function historyKeyStep(event: KeyboardEvent): -1 | 0 | 1 {
  if (event.shiftKey || event.ctrlKey) return 0
  if (isMac) {
    if (!event.metaKey || event.altKey) return 0
    return event.key === '[' ? -1 : event.key === ']' ? 1 : 0
  }
  if (!event.altKey || event.metaKey) return 0
  return event.key === 'ArrowLeft' ? -1 : event.key === 'ArrowRight' ? 1 : 0
}

/** Mouse buttons 3 and 4 are the side buttons: back and forward. */
const mouseStep = (event: MouseEvent): -1 | 0 | 1 =>
  event.button === 3 ? -1 : event.button === 4 ? 1 : 0

/**
 * Back and forward from the keyboard and the mouse's side buttons. Electron does not navigate
 * on them by itself; a browser does, but lets the page cancel them (preventDefault), so the
 * app handles them in both and cancels the browser's own: one step per press, never two.
 * Keys something else already handled (an editor's Alt+←) are left alone.
 */
export function useHistoryButtons(history: History) {
  useEffect(() => {
    const go = (step: -1 | 1) => (step < 0 ? history.back() : history.forward())
    const onKey = (event: KeyboardEvent) => {
      const step = historyKeyStep(event)
      if (step === 0 || event.defaultPrevented) return
      event.preventDefault()
      go(step)
    }
    // Chromium navigates on the side buttons' mouseup unless it is cancelled; cancel the down
    // too so nothing else (text selection, autoscroll) starts.
    const onMouseDown = (event: MouseEvent) => {
      if (mouseStep(event) !== 0) event.preventDefault()
    }
    const onMouseUp = (event: MouseEvent) => {
      const step = mouseStep(event)
      if (step === 0) return
      event.preventDefault()
      go(step)
    }
    window.addEventListener('keydown', onKey)
    window.addEventListener('mousedown', onMouseDown)
    window.addEventListener('mouseup', onMouseUp)
    return () => {
      window.removeEventListener('keydown', onKey)
      window.removeEventListener('mousedown', onMouseDown)
      window.removeEventListener('mouseup', onMouseUp)
    }
  }, [history])
}
