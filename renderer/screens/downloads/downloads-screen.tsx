import { Button, List, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { IconCloudDownload, IconFileImport } from '@tabler/icons-react'
import { useState, type ReactNode } from 'react'
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
        actions={list.length > 0 ? runAgainButton : undefined}
      />
      {jobs.isPending && <Loader size="sm" aria-label="Loading downloads" />}
      {jobs.error && <ErrorAlert error={jobs.error} />}
      {jobs.data && list.length === 0 && <EmptyState action={runAgainButton} />}
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

function EmptyState({ action }: { action: ReactNode }) {
  return (
    <Paper withBorder p="xl" data-testid="downloads-empty">
      <Stack gap="md" align="flex-start" maw={640}>
        <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
          <IconCloudDownload size={26} />
        </ThemeIcon>
        <Title order={2} size="h4">
          No downloads yet
        </Title>
        <Text size="sm">A download starts from what you want to fetch:</Text>
        <List size="sm" spacing={4}>
          <List.Item>
            <b>Search</b>: select entries (or all results) and choose <i>Download raw files</i> or{' '}
            <i>Export archive data…</i> in the selection bar.
          </List.Item>
          <List.Item>
            <b>Uploads</b>: in an upload’s file browser, select files or folders and download them.
          </List.Item>
          <List.Item>
            <b>Archive viewer</b>: build a <i>required</i> selection and export it for a search.
          </List.Item>
        </List>
        <Text size="sm">
          Each job plans first (size, free space, files already there), then runs in the background,
          survives a restart, and writes manifest.json beside the files.
        </Text>
        {action}
      </Stack>
    </Paper>
  )
}
