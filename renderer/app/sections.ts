import {
  IconCloudDownload,
  IconDatabase,
  IconKey,
  IconSearch,
  IconServer2,
  IconUpload,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react'

/** The navigation sections, in menu order; each has a screen under renderer/screens/<id>/. */
export const SECTION_IDS = [
  'search',
  'uploads',
  'groups',
  'tokens',
  'downloads',
  'offline',
  'servers',
] as const
export type SectionId = (typeof SECTION_IDS)[number]

export interface Section {
  id: SectionId
  label: string
  icon: Icon
  /** Shown as the nav item's tooltip. */
  hint: string
}

export const SECTIONS: readonly Section[] = [
  { id: 'search', label: 'Search', icon: IconSearch, hint: 'Find entries and materials' },
  { id: 'uploads', label: 'Uploads', icon: IconUpload, hint: 'Your uploads and their files' },
  { id: 'groups', label: 'Groups', icon: IconUsersGroup, hint: 'User groups you share with' },
  { id: 'tokens', label: 'Tokens', icon: IconKey, hint: 'Personal access tokens' },
  { id: 'downloads', label: 'Downloads', icon: IconCloudDownload, hint: 'Bulk downloads' },
  { id: 'offline', label: 'Offline', icon: IconDatabase, hint: 'Data kept on this computer' },
  { id: 'servers', label: 'Servers', icon: IconServer2, hint: 'NOMAD deployments you use' },
]

export const DEFAULT_SECTION: SectionId = 'search'

export const isSectionId = (value: string): value is SectionId =>
  (SECTION_IDS as readonly string[]).includes(value)
