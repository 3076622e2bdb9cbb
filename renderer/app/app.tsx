import { useQueryClient } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import type { IpcClient } from '../ipc/client'
import { queryKeyFor } from '../ipc/hooks'
import type { UserSettings } from '../../shared/ipc/models/settings'
import { createIpcClient } from '../ipc/client'
import type { Transport } from '../ipc/transport'
import type { AppStartup } from '../../shared/ipc/channels/app'
import { useEffect, useState } from 'react'
import { SignInPromptProvider } from '../components/sign-in/prompt-context'
import { createSignInPromptStore } from '../components/sign-in/prompt-store'
import { withReauth } from '../components/sign-in/reauth-client'
import { SignInModal } from '../components/sign-in/sign-in-modal'
import { firstScreenShown } from '../components/on-demand/first-screen'
import { whenIdle } from '../components/on-demand/when-idle'
import { ErrorBoundary } from './error-boundary'
import { LiveUpdates, ThemeSync } from './live-updates'
import { AppProviders } from './providers'
import { StartupGate } from './startup-gate'
import { preloadFirstScreen, SCREEN_PREFETCH } from './routing/route-tree'
import { rememberRoutes, routeToRestore } from './routing/route-memory'
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
  useEffect(() => whenIdle(SCREEN_PREFETCH, firstScreenShown), [])
  return (
    <AppProviders client={client}>
      <SignInPromptProvider store={prompt}>
        <ErrorBoundary where="app">
          <StartupGate onStart={startFirstScreen} startup={startup}>
            <LiveUpdates />
            <ThemeSync />
            <SignInModal store={prompt} />
            <AppRoutes client={client} />
          </StartupGate>
        </ErrorBoundary>
      </SignInPromptProvider>
    </AppProviders>
  )
}

/**
 * The router, made once the startup answer is in: a start without an address opens the route
 * the settings kept from last time (restart of the desktop app or the web host), and every
 * later address is kept there again. In the render on purpose: the hash must be set before the
 * router reads it; running twice (StrictMode) is harmless, as the hash is no longer empty then.
 */
function AppRoutes({ client }: { client: IpcClient }) {
  const queryClient = useQueryClient()
  const [router] = useState(() => {
    const settings = queryClient.getQueryData<UserSettings>(queryKeyFor('settings.get', {}))
    const restore = routeToRestore(window.location.hash, settings?.navigation?.lastRoute)
    if (restore !== undefined) window.history.replaceState(window.history.state, '', `#${restore}`)
    return createAppRouter()
  })
  useEffect(
    () =>
      rememberRoutes(router.history, (lastRoute) => {
        // Best effort: a route that was not kept costs the next start its place, nothing more.
        client.invoke('settings.update', { navigation: { lastRoute } }).catch(() => undefined)
      }),
    [router, client],
  )
  return <RouterProvider router={router} />
}
