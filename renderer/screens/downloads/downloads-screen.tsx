import { IconCloudDownload } from '@tabler/icons-react'
import { PlaceholderScreen } from '../../components/placeholder-screen'

export function DownloadsScreen() {
  return (
    <PlaceholderScreen
      id="downloads"
      icon={IconCloudDownload}
      title="Downloads"
      summary="Reliable bulk downloads of raw files and processed data, without losing a byte."
      plans={[
        'Jobs per upload or folder that pause, resume and survive a restart of the app or the network',
        'Automatic pacing within the server’s rate limits, with a live meter instead of failed requests',
        'Checksums and a manifest for every job: a finished file name always means a complete file',
      ]}
    />
  )
}
