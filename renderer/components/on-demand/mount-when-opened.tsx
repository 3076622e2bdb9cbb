import { Suspense, useState, type ReactNode } from 'react'

/**
 * Renders an on-demand dialog from the first time it is opened on (so its code is fetched then,
 * not with the screen) and keeps it mounted afterwards, so later closes still animate.
 */
export function MountWhenOpened({ opened, children }: { opened: boolean; children: ReactNode }) {
  const [everOpened, setEverOpened] = useState(opened)
  if (opened && !everOpened) setEverOpened(true)
  return everOpened || opened ? <Suspense fallback={null}>{children}</Suspense> : null
}
