import type { MouseEvent } from 'react'

/** The id of the element the skip link moves the focus to (the shell's main area). */
export const MAIN_CONTENT_ID = 'main-content'

/**
 * "Skip to content": the first stop of Tab, hidden until focused (accessibility.css), so a
 * keyboard user passes the header and the navigation in one key. The app routes on the hash,
 * so the link moves the focus itself instead of following `#main-content`.
 */
export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault()
    document.getElementById(MAIN_CONTENT_ID)?.focus()
  }
  return (
    <a className="skip-link" href={`#${MAIN_CONTENT_ID}`} onClick={skip} data-testid="skip-link">
      Skip to content
    </a>
  )
}
