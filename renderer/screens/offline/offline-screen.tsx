import { IconDatabase } from '@tabler/icons-react'
import { PlaceholderScreen } from '../../components/placeholder-screen'

export function OfflineScreen() {
  return (
    <PlaceholderScreen
      id="offline"
      icon={IconDatabase}
      title="Offline"
      summary="Keep the data you need available on this computer, with or without a network."
      plans={[
        'Pin a search, an upload or an entry to keep its metadata and chosen archive data locally',
        'Search the offline copy with the same filters as online',
        'See how fresh each copy is, and sync only what changed',
      ]}
    />
  )
}
