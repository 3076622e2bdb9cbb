import { createIpcClient } from '../ipc/client'
import type { Transport } from '../ipc/transport'
import { useState } from 'react'
import { ErrorBoundary } from './error-boundary'
import { LiveUpdates, ThemeSync } from './live-updates'
import { AppProviders } from './providers'
import { Shell } from './shell'

/** The whole renderer, given the transport picked at start (Electron bridge or WebSocket). */
export function App({ transport }: { transport: Transport }) {
  const [client] = useState(() => createIpcClient(transport))
  return (
    <AppProviders client={client}>
      <ErrorBoundary where="app">
        <LiveUpdates />
        <ThemeSync />
        <Shell />
      </ErrorBoundary>
    </AppProviders>
  )
}
