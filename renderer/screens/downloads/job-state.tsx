import { Badge, Text } from '@mantine/core'
import type { JobSummary } from '../../../shared/ipc/channels/downloads'
import { secondsLeft } from '../../components/network-meter/meter-format'
import { useNow } from '../../components/network-meter/use-network-meter'

const COLORS: Record<JobSummary['state'], string> = {
  queued: 'gray.7',
  planning: 'gray.7',
  running: 'indigo.7',
  throttled: 'orange.9',
  paused: 'gray.7',
  'low-disk': 'orange.9',
  verifying: 'indigo.7',
  done: 'teal.9',
  failed: 'red.9',
  cancelled: 'gray.7',
}

/** The state in words: "throttled, retry in 4 s", "failed (3)". `now` drives the countdown. */
export function stateWords(job: JobSummary, now: number): string {
  switch (job.state) {
    case 'throttled': {
      const left = secondsLeft(job.retryAt, now)
      return left === undefined ? 'Throttled, retrying now' : `Throttled, retry in ${left} s`
    }
    case 'low-disk':
      return 'Low disk space'
    case 'failed':
      return job.filesFailed > 0 ? `Failed (${job.filesFailed})` : 'Failed'
    case 'queued':
      return 'Queued'
    case 'planning':
      return 'Planning'
    case 'running':
      return 'Running'
    case 'paused':
      return 'Paused'
    case 'verifying':
      return 'Verifying'
    case 'done':
      return 'Done'
    case 'cancelled':
      return 'Cancelled'
  }
}

/** The state badge; a throttled job counts down to its retry every second. */
export function JobStateBadge({ job }: { job: JobSummary }) {
  const now = useNow(job.state === 'throttled', 1000)
  // Filled with dark shades: white words keep at least 4.5:1 in both colour schemes.
  return (
    <Badge
      color={COLORS[job.state]}
      variant="filled"
      data-testid="job-state"
      data-state={job.state}
      style={{ flexShrink: 0 }}
    >
      {stateWords(job, now)}
    </Badge>
  )
}

/** The sentence under the row: why it waits, why it failed, that it was interrupted. */
export function JobMessage({ job }: { job: JobSummary }) {
  const lines: string[] = []
  if (job.interruptedAt !== undefined) lines.push('Interrupted while the app was closed; resumed.')
  if (job.message) lines.push(job.message)
  else if (job.state === 'throttled')
    lines.push('The server is limiting requests; the job continues by itself.')
  else if (job.state === 'low-disk')
    lines.push('Paused: the destination disk is nearly full. The job resumes when space is freed.')
  if (lines.length === 0) return null
  return (
    <Text size="xs" c="dimmed" data-testid="job-message">
      {lines.join(' ')}
    </Text>
  )
}
