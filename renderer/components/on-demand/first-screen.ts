import { useEffect } from 'react'

let markShown: () => void = () => undefined

/**
 * Resolves once the first screen (whichever route the window opened on) has been committed to
 * the DOM. The idle prefetch of the other screens waits for it: started at mount, it used the
 * idle moments while the first screen's own code and data were still on their way, and
 * evaluating other screens' chunks then delayed the first screen (the start-up bench saw the
 * groups, tokens and downloads chunks load between the shell and the Search screen).
 */
export const firstScreenShown = new Promise<void>((resolve) => {
  markShown = resolve
})

/** Rendered beside a route's screen: its effect runs once the screen has committed. */
export function FirstScreenMark() {
  useEffect(() => markShown(), [])
  return null
}
