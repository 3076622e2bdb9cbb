import { AppShell } from '@mantine/core'
import { useHotkeys } from '@mantine/hooks'
import { Outlet, useNavigate, useRouter, useRouterState } from '@tanstack/react-router'
import { useCallback, useEffect } from 'react'
import { CurrentSearchContext } from '../features/archive-viewer/current-search'
import { StartDownloadProvider } from '../features/downloads/start-download'
import { OfflineBanner } from '../features/offline/offline-banner'
import { StartPinProvider } from '../features/offline/start-pin'
import { useInvoke } from '../ipc/hooks'
import { DownloadAnnouncer } from './download-announcer'
import { HeaderBar } from './header-bar'
import { sessionStore } from '../screens/search/state/session-store'
import { RemindersBanner } from '../screens/tokens/reminders-banner'
import { HostConnectionBanner } from './host-connection-banner'
import { NavBar } from './nav-bar'
import { SearchBulkActions } from './search-bulk-actions'
import { sectionOfMatches } from './routing/match-hash'
import { useHistoryButtons } from './routing/use-history-buttons'
import { SECTIONS, type SectionId } from './sections'
import { ShortcutsDialog } from './shortcuts-dialog'
import { MAIN_CONTENT_ID, SkipLink } from './skip-link'
import { StatusBar } from './status-bar'
import { UnreachableServerNotice } from './unreachable-server-notice'

/** The search last submitted on a server: the archive builder's "Send to Downloads". */
const currentSearch = (serverId: string) => sessionStore.get(serverId)?.submitted

/** Screens laid out to the window's height (their lists scroll inside), not the page's. */
const FILLS_WINDOW: readonly SectionId[] = ['search']

/**
 * The window layout: header (name, server switcher, theme), navigation, the current route's
 * screen, and the status bar. `data-app-state="ready"` tells e2e tests the app has talked to its
 * host. It is the root route's component: the routes render into its Outlet.
 */
export function Shell() {
  const router = useRouter()
  const section = useRouterState({ select: (state) => sectionOfMatches(state.matches) })
  const routerNavigate = useNavigate()
  const navigate = useCallback(
    (id: SectionId) => void routerNavigate({ to: `/${id}` }),
    [routerNavigate],
  )
  useHistoryButtons(router.history)
  const info = useInvoke('app.info', {})
  const label = SECTIONS.find((s) => s.id === section)?.label ?? ''
  useHotkeys(SECTIONS.map((s, index) => [`mod+${index + 1}`, () => navigate(s.id)]))
  useEffect(() => {
    document.title = `${label} · NOMAD Desktop`
  }, [label])

  const showDownloads = useCallback(() => navigate('downloads'), [navigate])
  const showOffline = useCallback(() => navigate('offline'), [navigate])
  return (
    <StartDownloadProvider onShowDownloads={showDownloads}>
      <CurrentSearchContext.Provider value={currentSearch}>
        <StartPinProvider onShowOffline={showOffline}>
          <SkipLink />
          <ShortcutsDialog />
          <DownloadAnnouncer />
          <SearchBulkActions />
          <AppShell
            header={{ height: 56 }}
            // Icons only below md (a small or zoomed window: components/compact-layout.ts). The
            // labels fit in 180 px ("Downloads" is the longest), and the page's padding grows to xl
            // only from 88em (1408 px): at 1280 px the results table needs those pixels to show a
            // program name or a crystal system whole beside the query builder (issue 18 item 4).
            navbar={{ width: { base: 68, md: 180 }, breakpoint: 0 }}
            footer={{ height: 30 }}
            padding={{ base: 'md', xl: 'xl' }}
            data-app-state={info.isSuccess ? 'ready' : info.isError ? 'error' : 'loading'}
            data-section={section}
          >
            <AppShell.Header>
              <HeaderBar navigate={navigate} />
            </AppShell.Header>
            <AppShell.Navbar>
              <NavBar active={section} navigate={navigate} />
            </AppShell.Navbar>
            {/* A column, so banners above the screen take their room from it: a screen that fills the
            window (Search) grows into what is left (flex 1, min-height 0) and the page never scrolls
            by a banner's height. Other screens keep their natural height and scroll the page. */}
            <AppShell.Main
              id={MAIN_CONTENT_ID}
              tabIndex={-1}
              style={{
                outline: 'none',
                display: 'flex',
                flexDirection: 'column',
                ...(FILLS_WINDOW.includes(section) ? { height: '100dvh' } : {}),
              }}
            >
              <HostConnectionBanner />
              <OfflineBanner onOpenLibrary={section === 'offline' ? undefined : showOffline} />
              <UnreachableServerNotice
                onSwitched={() => navigate('search')}
                onOpenLibrary={showOffline}
              />
              <RemindersBanner
                onOpenTokens={section === 'tokens' ? undefined : () => navigate('tokens')}
              />
              <Outlet />
            </AppShell.Main>
            <AppShell.Footer>
              <StatusBar onOpenDownloads={showDownloads} />
            </AppShell.Footer>
          </AppShell>
        </StartPinProvider>
      </CurrentSearchContext.Provider>
    </StartDownloadProvider>
  )
}
