import { Button, Group, List, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { IconCloudDownload, IconFileImport } from '@tabler/icons-react'
import { useState } from 'react'
import { ErrorAlert } from '../../components/error-alert'
import { ScreenHeader } from '../../components/screen-header'
import { useDownloadJobs } from '../../features/downloads/live-downloads'
import { JobRow } from './job-row'
import { RunAgainModal } from './run-again-modal'

/** Downloads: every job with its progress and controls; started from Search, uploads, archives. */
export function DownloadsScreen() {
  const jobs = useDownloadJobs()
  const [runningAgain, setRunningAgain] = useState(false)
  const runAgainButton = (
    <Button
      variant="default"
      leftSection={<IconFileImport size={16} aria-hidden />}
      onClick={() => setRunningAgain(true)}
      style={{ flexShrink: 0 }}
      data-testid="run-again-manifest"
    >
      Run again from a manifest file…
    </Button>
  )
  const list = jobs.data?.jobs ?? []
  return (
    <Stack gap="lg" data-testid="screen-downloads">
      <ScreenHeader
        title="Downloads"
        description="Raw files and archive data, resumable and verified; each job keeps a manifest to prove and repeat it."
        actions={runAgainButton}
      />
      {jobs.isPending && <Loader size="sm" role="status" aria-label="Loading downloads" />}
      {jobs.error && <ErrorAlert error={jobs.error} />}
      {jobs.data && list.length === 0 && <EmptyState />}
      {list.length > 0 && (
        <Stack gap="sm" data-testid="job-list" aria-label="Download jobs">
          {list.map((job) => (
            <JobRow key={job.id} job={job} />
          ))}
        </Stack>
      )}
      {runningAgain && <RunAgainModal onClose={() => setRunningAgain(false)} />}
    </Stack>
  )
}

/** Where downloads come from, for someone who has none yet. */
function EmptyState() {
  return (
    <Paper withBorder p="lg" data-testid="downloads-empty">
      <Stack gap="sm" maw={680}>
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={36} radius="md" variant="light" aria-hidden>
            <IconCloudDownload size={22} />
          </ThemeIcon>
          <Title order={2} size="h4">
            No downloads yet
          </Title>
        </Group>
        <Text size="sm">Start one from what you want to fetch:</Text>
        <List size="sm" spacing={4}>
          <List.Item>
            <b>Search</b>: select entries (or all results), then <i>Download raw files</i> or{' '}
            <i>Export archive data…</i> in the selection bar.
          </List.Item>
          <List.Item>
            <b>Uploads</b>: select files or folders in an upload’s file browser and download them.
          </List.Item>
          <List.Item>
            <b>Archive viewer</b>: build a <i>required</i> selection and export it for a search.
          </List.Item>
        </List>
        <Text size="sm" c="dimmed">
          Each job is planned first (size, free space, files already there), runs in the background,
          survives a restart, and writes manifest.json beside the files. A manifest from an earlier
          job can be run again with the button above.
        </Text>
      </Stack>
    </Paper>
  )
}
