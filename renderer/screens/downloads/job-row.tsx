import { Button, Collapse, Group, Paper, Progress, Stack, Text } from '@mantine/core'
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react'
import { useState } from 'react'
import type { JobSummary } from '../../../shared/ipc/channels/downloads'
import { TruncatedText } from '../../components/truncated-text'
import { formatByteRate, formatBytes, formatEta, percentOf } from '../../features/downloads/format'
import { FailuresPanel } from './failures-panel'
import { JobActions } from './job-actions'
import { JobMessage, JobStateBadge } from './job-state'

const count = (n: number) => n.toLocaleString('en-US')

/** "12 of 40 files", "12 files" while the total is not known yet. */
export function filesWords(job: JobSummary): string {
  return job.filesTotal === null
    ? `${count(job.filesDone)} ${job.filesDone === 1 ? 'file' : 'files'}`
    : `${count(job.filesDone)} of ${count(job.filesTotal)} files`
}

export function bytesWords(job: JobSummary): string {
  return job.bytesTotal === null
    ? formatBytes(job.bytesDone)
    : `${formatBytes(job.bytesDone)} of ${formatBytes(job.bytesTotal)}`
}

const MOVING: readonly JobSummary['state'][] = ['running', 'throttled', 'planning', 'verifying']

/** One job: label, server, state, progress, figures, actions, and its failed items on demand. */
export function JobRow({ job }: { job: JobSummary }) {
  const [expanded, setExpanded] = useState(false)
  const percent = percentOf(job.bytesDone, job.bytesTotal)
  const moving = MOVING.includes(job.state)
  return (
    <Paper withBorder p="sm" data-testid="job-row" data-job={job.id} data-state={job.state}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
              <TruncatedText fw={600} data-testid="job-label">
                {job.label}
              </TruncatedText>
              <JobStateBadge job={job} />
            </Group>
            <TruncatedText size="xs" c="dimmed" data-testid="job-server">
              {`${job.serverName} · ${job.destination}`}
            </TruncatedText>
          </Stack>
          <JobActions job={job} />
        </Group>
        <Progress.Root size="sm" aria-hidden={percent === null}>
          <Progress.Section
            value={percent ?? 0}
            color={job.state === 'failed' ? 'red.9' : job.state === 'done' ? 'teal.9' : 'indigo.7'}
            aria-label={`Progress of ${job.label}`}
            data-testid="job-progress"
          />
        </Progress.Root>
        <Group gap="lg" wrap="wrap">
          <Text size="xs" data-testid="job-files">
            {filesWords(job)}
            {job.filesSkipped > 0 && ` · ${count(job.filesSkipped)} already there`}
          </Text>
          <Text size="xs" data-testid="job-bytes">
            {bytesWords(job)}
            {percent !== null && ` (${percent} %)`}
          </Text>
          {moving && (
            <>
              {/* No bare dash: a rate appears once bytes flow. */}
              {job.rate > 0 && (
                <Text size="xs" data-testid="job-rate">
                  {formatByteRate(job.rate)}
                </Text>
              )}
              <Text size="xs" data-testid="job-eta">
                {job.eta === null ? 'Time left unknown' : `${formatEta(job.eta)} left`}
              </Text>
            </>
          )}
        </Group>
        <JobMessage job={job} />
        {job.filesFailed > 0 && (
          <>
            <Button
              variant="default"
              size="compact-xs"
              w="fit-content"
              leftSection={
                expanded ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />
              }
              onClick={() => setExpanded((open) => !open)}
              aria-expanded={expanded}
              data-testid="job-failures-toggle"
            >
              {expanded ? 'Hide' : 'Show'} {count(job.filesFailed)} failed{' '}
              {job.filesFailed === 1 ? 'item' : 'items'}
            </Button>
            <Collapse in={expanded}>{expanded && <FailuresPanel jobId={job.id} />}</Collapse>
          </>
        )}
      </Stack>
    </Paper>
  )
}
