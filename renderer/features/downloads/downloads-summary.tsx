import { Group, Progress, UnstyledButton } from '@mantine/core'
import { IconCloudDownload } from '@tabler/icons-react'
import { TruncatedText } from '../../components/truncated-text'
import { formatByteRate, percentOf } from './format'
import type { DownloadsOverall } from './live-downloads'
import { useDownloadsOverall } from './live-downloads'

/** "2 downloads · 45 % · 12 MiB/s"; the percentage only when every active total is known. */
export function describeOverall(overall: DownloadsOverall): string {
  const jobs = `${overall.active} ${overall.active === 1 ? 'download' : 'downloads'}`
  const percent = percentOf(overall.bytesDone, overall.bytesTotal)
  return [jobs, percent === null ? undefined : `${percent} %`, formatByteRate(overall.rate)]
    .filter((part) => part !== undefined && part !== '—')
    .join(' · ')
}

/** The status bar's downloads part: hidden while nothing is active; a click opens Downloads. */
export function DownloadsSummary({ onOpen }: { onOpen?: () => void }) {
  const overall = useDownloadsOverall()
  if (!overall || overall.active === 0) return null
  const text = describeOverall(overall)
  const percent = percentOf(overall.bytesDone, overall.bytesTotal)
  const content = (
    <Group gap={6} wrap="nowrap">
      <IconCloudDownload size={14} aria-hidden />
      {percent !== null && (
        <Progress.Root w={48} size="sm">
          <Progress.Section
            value={percent}
            aria-label="Overall download progress"
            data-testid="status-downloads-progress"
          />
        </Progress.Root>
      )}
      <TruncatedText size="xs" fw={500}>
        {text}
      </TruncatedText>
    </Group>
  )
  // Without a way to navigate (a test, a window without routes) it is plain text.
  if (!onOpen) return <div data-testid="status-downloads">{content}</div>
  return (
    <UnstyledButton
      onClick={onOpen}
      aria-label={`${text}. Open Downloads`}
      data-testid="status-downloads"
    >
      {content}
    </UnstyledButton>
  )
}
