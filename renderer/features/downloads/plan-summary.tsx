import { Alert, Loader, Paper, SimpleGrid, Stack, Text } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import type { DownloadPlan } from '../../../shared/ipc/channels/downloads'
import type { StartDownloadRequest } from './start-download'
import type { FieldNotes } from './plan-fields'
import { Warnings } from './plan-fields'
import classes from './downloads.module.css'
import { formatBytes, formatExactBytes } from './format'

const count = (n: number) => n.toLocaleString('en-US').replace(/,/g, '\u202f')

function Figure({
  label,
  testId,
  children,
  note,
}: {
  label: string
  testId: string
  children: ReactNode
  note?: ReactNode
}) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} data-testid={testId}>
        {children}
      </Text>
      {note}
    </Stack>
  )
}

/** A problem of the whole job (source, server) in an alert, not tied to an input. */
export function JobProblem({
  title,
  notes,
  testId,
}: {
  title: string
  notes: FieldNotes
  testId: string
}) {
  if (!notes.error && notes.warnings.length === 0) return null
  return (
    <Alert
      color={notes.error ? 'red' : 'yellow'}
      variant="light"
      title={title}
      icon={<IconAlertTriangle size={18} aria-hidden />}
      data-testid={testId}
    >
      {notes.error && <Text size="sm">{notes.error}</Text>}
      {notes.warnings.map((warning) => (
        <Text key={warning} size="sm">
          {warning}
        </Text>
      ))}
    </Alert>
  )
}

const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`

/** "1 file, 2 folders": the file browser's selection as the user made it. */
export function describeChosen(
  request: Pick<StartDownloadRequest, 'source' | 'chosen'>,
): string | undefined {
  const { source, chosen } = request
  if (source.kind === 'upload') return 'The whole upload'
  if (source.kind !== 'upload-paths') return undefined
  if (chosen === undefined) return plural(source.paths.length, 'file or folder', 'files or folders')
  return [
    chosen.files > 0 ? plural(chosen.files, 'file', 'files') : '',
    chosen.folders > 0 ? plural(chosen.folders, 'folder', 'folders') : '',
  ]
    .filter(Boolean)
    .join(', ')
}

/**
 * The first two figures: entries and uploads for a search or a selection of entries; for an
 * upload (whole, or files and folders from its file browser, where no entry is counted) what
 * was chosen and which upload.
 */
function SourceFigures({ request, plan }: { request: PlanRequest; plan: DownloadPlan }) {
  const { source } = request
  if (source.kind !== 'upload' && source.kind !== 'upload-paths')
    return (
      <>
        <Figure label="Entries" testId="plan-entries">
          {count(plan.entries)}
        </Figure>
        <Figure label="Uploads" testId="plan-uploads">
          {count(plan.uploads)}
        </Figure>
      </>
    )
  return (
    <>
      <Figure label="Chosen" testId="plan-chosen">
        {describeChosen(request)}
      </Figure>
      <Figure
        label="Upload"
        testId="plan-upload"
        note={
          request.uploadName !== undefined && (
            <Text size="xs" c="dimmed" ff="monospace" data-testid="plan-upload-id">
              {source.uploadId}
            </Text>
          )
        }
      >
        <span className={classes.wrapAnywhere}>{request.uploadName ?? source.uploadId}</span>
      </Figure>
    </>
  )
}

type PlanRequest = Pick<StartDownloadRequest, 'source' | 'chosen' | 'uploadName'>

/**
 * The plan's figures: what the job will fetch and whether it fits. Free space carries the
 * `space` problems at its figure.
 */
export function PlanSummary({
  request,
  plan,
  pending,
  space,
}: {
  request: PlanRequest
  plan: DownloadPlan | undefined
  /** The plan is being (re)computed for the latest input. */
  pending: boolean
  space: FieldNotes
}) {
  if (!plan)
    return (
      <Paper withBorder p="sm" data-testid="plan-summary" data-state="empty">
        {pending ? (
          <Loader size="sm" role="status" aria-label="Planning" />
        ) : (
          <Text size="sm" c="dimmed">
            Choose a destination folder to see what the job will fetch and whether it fits.
          </Text>
        )}
      </Paper>
    )
  return (
    <Paper
      withBorder
      p="sm"
      data-testid="plan-summary"
      data-state={pending ? 'pending' : 'ready'}
      aria-busy={pending}
      style={{ opacity: pending ? 0.7 : 1 }}
    >
      <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="sm" verticalSpacing="xs">
        <SourceFigures request={request} plan={plan} />
        <Figure label="Files" testId="plan-files">
          {plan.files === null ? 'Known while running' : count(plan.files)}
        </Figure>
        <Figure label="Requests" testId="plan-units">
          {count(plan.units)}
        </Figure>
        <Figure
          label="Size"
          testId="plan-bytes"
          note={
            plan.bytes !== null && (
              <Text size="xs" c="dimmed" data-testid="plan-bytes-exact">
                {formatExactBytes(plan.bytes)}
              </Text>
            )
          }
        >
          {plan.bytes === null ? 'Not given by the server' : formatBytes(plan.bytes)}
        </Figure>
        <Figure label="Already there" testId="plan-present">
          {count(plan.present)}
        </Figure>
        <Figure
          label="Free space"
          testId="plan-free"
          note={
            <>
              {space.error && (
                <Text
                  size="xs"
                  fw={600}
                  className={classes.danger}
                  role="alert"
                  data-testid="plan-space-error"
                >
                  {space.error}
                </Text>
              )}
              <Warnings notes={space} testId="plan-space-warnings" />
            </>
          }
        >
          {plan.freeBytes === null ? 'Cannot be measured' : formatBytes(plan.freeBytes)}
        </Figure>
      </SimpleGrid>
      <Text size="xs" c="dimmed" mt="xs" data-testid="plan-folder">
        Into {plan.destination}
      </Text>
    </Paper>
  )
}
