import { useEffect, useState } from 'react'

/**
 * For a dialog mounted open and unmounted to close: Mantine gives the focus back only when
 * `opened` turns false, which never happens then, so the focus fell to the page. Call it at
 * the top of the dialog's component: it remembers what had the focus when the dialog mounted
 * (read while rendering, before the modal's focus trap moves it inside) and focuses it again
 * when the dialog goes, if it is still on the page.
 */
export function useReturnFocus(): void {
  const [opener] = useState(() => document.activeElement)
  useEffect(
    () => () => {
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus()
    },
    [opener],
  )
}
