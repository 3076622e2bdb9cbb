import type { ComponentType } from 'react'
import { DownloadsScreen } from '../screens/downloads/downloads-screen'
import { GroupsScreen } from '../screens/groups/groups-screen'
import { OfflineScreen } from '../screens/offline/offline-screen'
import { SearchScreen } from '../screens/search/search-screen'
import { ServersScreen } from '../screens/servers/servers-screen'
import { TokensScreen } from '../screens/tokens/tokens-screen'
import { UploadsScreen } from '../screens/uploads/uploads-screen'
import type { SectionId } from './sections'

/** Which screen each section shows. Adding a screen: a folder in screens/ and one line here. */
export const SCREENS: Record<SectionId, ComponentType> = {
  search: SearchScreen,
  uploads: UploadsScreen,
  groups: GroupsScreen,
  tokens: TokensScreen,
  downloads: DownloadsScreen,
  offline: OfflineScreen,
  servers: ServersScreen,
}
