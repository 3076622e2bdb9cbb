import { RouterProvider } from '@tanstack/react-router'
import { createIpcClient } from '../ipc/client'
import type { Transport } from '../ipc/transport'
import type { AppStartup } from '../../shared/ipc/channels/app'
import { useEffect, useState } from 'react'
import { SignInPromptProvider } from '../components/sign-in/prompt-context'
import { createSignInPromptStore } from '../components/sign-in/prompt-store'
import { withReauth } from '../components/sign-in/reauth-client'
import { SignInModal } from '../components/sign-in/sign-in-modal'
import { whenIdle } from '../components/on-demand/when-idle'
import { ErrorBoundary } from './error-boundary'
import { LiveUpdates, ThemeSync } from './live-updates'
import { AppProviders } from './providers'
import { StartupGate } from './startup-gate'
import { preloadFirstScreen, SCREEN_PREFETCH } from './routing/route-tree'
import { createAppRouter } from './routing/router'

function startFirstScreen() {
  void preloadFirstScreen().catch(() => undefined)
}

/**
 * The whole renderer, given the transport picked at start (Electron bridge or WebSocket) and,
 * when it was sent before React mounted, the 'app.startup' answer on its way.
 */
export function App({
  transport,
  startup,
}: {
  transport: Transport
  startup?: Promise<AppStartup>
}) {
  // Every call that fails with auth_required asks to sign in and then runs again (once, here).
  const [prompt] = useState(createSignInPromptStore)
  const [client] = useState(() => withReauth(createIpcClient(transport), prompt))
  const [router] = useState(() => createAppRouter())
  useEffect(() => whenIdle(SCREEN_PREFETCH), [])
  return (
    <AppProviders client={client}>
      <SignInPromptProvider store={prompt}>
        <ErrorBoundary where="app">
          <StartupGate onStart={startFirstScreen} startup={startup}>
            <LiveUpdates />
            <ThemeSync />
            <SignInModal store={prompt} />
            <RouterProvider router={router} />
          </StartupGate>
        </ErrorBoundary>
      </SignInPromptProvider>
    </AppProviders>
  )
}
