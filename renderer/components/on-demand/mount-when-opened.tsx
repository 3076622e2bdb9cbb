import { Suspense, useLayoutEffect, useState, type ReactNode } from 'react'

/**
 * Renders a dialog from the first time it is opened on (an on-demand dialog's code is fetched
 * then, not with the screen; a closed Mantine Modal still renders its portal and transition) and
 * keeps it mounted afterwards, so later closes still animate.
 *
 * Given a function, the dialog mounts closed and opens in the same frame (a layout effect):
 * Mantine's Modal notes the element to give the focus back to only when `opened` turns true
 * after its first render, so a dialog mounted open would leave the focus nowhere on close.
 */
export function MountWhenOpened({
  opened,
  children,
}: {
  opened: boolean
  children: ReactNode | ((opened: boolean) => ReactNode)
}) {
  const [everOpened, setEverOpened] = useState(opened)
  const [mounted, setMounted] = useState(false)
  if (opened && !everOpened) setEverOpened(true)
  useLayoutEffect(() => {
    // The second render is the point: closed first, then open, before the browser paints.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (everOpened) setMounted(true)
  }, [everOpened])
  if (!everOpened && !opened) return null
  return (
    <Suspense fallback={null}>
      {typeof children === 'function' ? children(opened && mounted) : children}
    </Suspense>
  )
}
