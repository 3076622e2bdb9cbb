import { AppShell } from '@mantine/core'
import { useHotkeys } from '@mantine/hooks'
import { useEffect } from 'react'
import { useInvoke } from '../ipc/hooks'
import { ErrorBoundary } from './error-boundary'
import { HeaderBar } from './header-bar'
import { RemindersBanner } from '../screens/tokens/reminders-banner'
import { HostConnectionBanner } from './host-connection-banner'
import { NavBar } from './nav-bar'
import { SCREENS } from './screens'
import { SECTIONS } from './sections'
import { StatusBar } from './status-bar'
import { useHashRoute } from './use-hash-route'

/**
 * The window layout: header (name, server switcher, theme), navigation, the current screen,
 * and the status bar. `data-app-state="ready"` tells e2e tests the app has talked to its host.
 */
export function Shell() {
  const [section, navigate] = useHashRoute()
  const info = useInvoke('app.info', {})
  const Screen = SCREENS[section]
  const label = SECTIONS.find((s) => s.id === section)?.label ?? ''
  useHotkeys(SECTIONS.map((s, index) => [`mod+${index + 1}`, () => navigate(s.id)]))
  useEffect(() => {
    document.title = `${label} · NOMAD Desktop`
  }, [label])

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 216, breakpoint: 0 }}
      footer={{ height: 30 }}
      padding="xl"
      data-app-state={info.isSuccess ? 'ready' : info.isError ? 'error' : 'loading'}
      data-section={section}
    >
      <AppShell.Header>
        <HeaderBar navigate={navigate} />
      </AppShell.Header>
      <AppShell.Navbar>
        <NavBar active={section} navigate={navigate} />
      </AppShell.Navbar>
      <AppShell.Main>
        <HostConnectionBanner />
        <RemindersBanner
          onOpenTokens={section === 'tokens' ? undefined : () => navigate('tokens')}
        />
        <ErrorBoundary key={section} where={`${label} screen`}>
          <Screen />
        </ErrorBoundary>
      </AppShell.Main>
      <AppShell.Footer>
        <StatusBar />
      </AppShell.Footer>
    </AppShell>
  )
}
