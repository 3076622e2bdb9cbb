import { createRootRoute, createRoute } from '@tanstack/react-router'
import type { ComponentType, ReactNode } from 'react'
import { FirstScreenMark } from '../../components/on-demand/first-screen'
import { onDemand } from '../../components/on-demand/on-demand'
import { ErrorBoundary } from '../error-boundary'
import { SECTIONS, type SectionId } from '../sections'
import { Shell } from '../shell'

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The navigation section a route belongs to: highlighted, named in the window title. */
    section?: SectionId
  }
}

/**
 * Screens load on demand: a section's code is fetched the first time it is opened, or earlier
 * when the window is idle (SCREEN_PREFETCH), so that switching sections never waits on the network.
 */
const screens = {
  search: onDemand(() => import('../../screens/search/search-screen'), 'SearchScreen'),
  uploads: onDemand(() => import('../../screens/uploads/uploads-screen'), 'UploadsScreen'),
  groups: onDemand(() => import('../../screens/groups/groups-screen'), 'GroupsScreen'),
  tokens: onDemand(() => import('../../screens/tokens/tokens-screen'), 'TokensScreen'),
  downloads: onDemand(() => import('../../screens/downloads/downloads-screen'), 'DownloadsScreen'),
  offline: onDemand(() => import('../../screens/offline/offline-screen'), 'OfflineScreen'),
  servers: onDemand(() => import('../../screens/servers/servers-screen'), 'ServersScreen'),
} satisfies Record<SectionId, ComponentType>
const ArchivePage = onDemand(() => import('../../screens/archive/archive-page'), 'ArchivePage')
const ArchiveLanding = onDemand(
  () => import('../../screens/archive/archive-landing'),
  'ArchiveLanding',
)
const UploadPage = onDemand(() => import('../../screens/uploads/upload-page'), 'UploadPage')

/** The default section's code, fetched at start while the start-up data is on its way. */
export const preloadFirstScreen = screens.search.preload

/**
 * Fetched one per idle period once the first screen has committed (FirstScreenMark): the
 * sections in menu order, then pages.
 */
export const SCREEN_PREFETCH: readonly (() => Promise<unknown>)[] = [
  ...Object.values(screens).map((screen) => screen.preload),
  ArchivePage.preload,
  UploadPage.preload,
]

/** One broken screen never blanks the window; each route has its own boundary. */
function Guarded({ section, children }: { section: SectionId; children: ReactNode }) {
  const label = SECTIONS.find((s) => s.id === section)?.label ?? section
  return (
    <ErrorBoundary where={`${label} screen`}>
      {children}
      <FirstScreenMark />
    </ErrorBoundary>
  )
}

function screenOf(section: SectionId) {
  const Screen = screens[section]
  return function SectionScreen() {
    return (
      <Guarded section={section}>
        <Screen />
      </Guarded>
    )
  }
}

/** Unknown or unreadable hashes show the default section, as they always have. */
export const rootRoute = createRootRoute({
  component: Shell,
  notFoundComponent: screenOf('search'),
})

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  staticData: { section: 'search' },
  component: screenOf('search'),
})

function sectionRoute<const P extends SectionId>(section: P) {
  return createRoute({
    getParentRoute: () => rootRoute,
    path: `/${section}`,
    staticData: { section },
    component: screenOf(section),
  })
}

/** "Open an archive": the field for an entry id or a link, before any archive is open. */
export const archiveLandingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/archive',
  staticData: { section: 'search' },
  component: function ArchiveLandingRoute() {
    return (
      <Guarded section="search">
        <ArchiveLanding />
      </Guarded>
    )
  },
})

/** An entry's archive as a page; `jsonPath` ($.run[0].system) is the node selected. */
export const archiveRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/archive/$serverId/$entryId/{-$jsonPath}',
  staticData: { section: 'search' },
  component: function ArchiveRoute() {
    const { serverId, entryId, jsonPath } = archiveRoute.useParams()
    return (
      <Guarded section="search">
        <ArchivePage serverId={serverId} entryId={entryId} jsonPath={jsonPath} />
      </Guarded>
    )
  },
})

/**
 * An upload's page (overview, entries, files); with `folder` (a path inside the upload) it opens
 * on its files at that folder.
 */
export const uploadFilesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/uploads/$serverId/$uploadId/{-$folder}',
  staticData: { section: 'uploads' },
  component: function UploadFilesRoute() {
    const { serverId, uploadId, folder } = uploadFilesRoute.useParams()
    return (
      <Guarded section="uploads">
        <UploadPage
          key={`${serverId}/${uploadId}/${folder ?? ''}`}
          serverId={serverId}
          uploadId={uploadId}
          folder={folder}
        />
      </Guarded>
    )
  },
})

export const groupRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/groups/$groupId',
  staticData: { section: 'groups' },
  component: function GroupRoute() {
    const { groupId } = groupRoute.useParams()
    const Groups = screens.groups
    return (
      <Guarded section="groups">
        <Groups group={groupId} />
      </Guarded>
    )
  },
})

export const routeTree = rootRoute.addChildren([
  indexRoute,
  sectionRoute('search'),
  sectionRoute('uploads'),
  sectionRoute('groups'),
  sectionRoute('tokens'),
  sectionRoute('downloads'),
  sectionRoute('offline'),
  sectionRoute('servers'),
  archiveLandingRoute,
  archiveRoute,
  uploadFilesRoute,
  groupRoute,
])
