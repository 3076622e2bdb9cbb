import { createContext, Suspense, useContext, useMemo, useState, type ReactNode } from 'react'
import type { PinSourceInput } from '../../../shared/ipc/channels/offline'
import { onDemand } from '../../components/on-demand/on-demand'

// Fetched when a pin is first asked for: the dialog is not part of the first screen.
const PinDialog = onDemand(() => import('./pin-dialog'), 'PinDialog')

/** What a screen asks to pin: the server, which entries, and a label for the library. */
export interface StartPinRequest {
  serverId: string
  source: PinSourceInput
  label?: string
}

export interface StartPinApi {
  /** Opens the pin dialog (estimate, limit, archive summaries) for `request`. */
  open(request: StartPinRequest): void
}

const StartPinContext = createContext<StartPinApi | null>(null)

/**
 * Holds the app's one pin dialog. `onShowOffline` is how its "Show in Offline" navigates (the
 * app passes its router's navigate; a feature knows no routes).
 */
export function StartPinProvider({
  onShowOffline,
  children,
}: {
  onShowOffline: () => void
  children: ReactNode
}) {
  const [opened, setOpened] = useState<{ request: StartPinRequest; key: number } | null>(null)
  const api = useMemo<StartPinApi>(
    () => ({ open: (request) => setOpened((old) => ({ request, key: (old?.key ?? 0) + 1 })) }),
    [],
  )
  return (
    <StartPinContext.Provider value={api}>
      {children}
      {opened && (
        <Suspense fallback={null}>
          <PinDialog
            key={opened.key}
            request={opened.request}
            onClose={() => setOpened(null)}
            onShowOffline={() => {
              setOpened(null)
              onShowOffline()
            }}
          />
        </Suspense>
      )}
    </StartPinContext.Provider>
  )
}

/** `open(request)` from any screen below the app's StartPinProvider. */
export function useStartPin(): StartPinApi {
  const api = useContext(StartPinContext)
  if (!api) throw new Error('useStartPin needs a StartPinProvider above it (renderer/app/shell).')
  return api
}
