import { Alert, Loader, Paper, SimpleGrid, Stack, Text } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import type { DownloadPlan } from '../../../shared/ipc/channels/downloads'
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

/**
 * The plan's figures: what the job will fetch and whether it fits. Free space carries the
 * `space` problems at its figure.
 */
export function PlanSummary({
  plan,
  pending,
  space,
}: {
  plan: DownloadPlan | undefined
  /** The plan is being (re)computed for the latest input. */
  pending: boolean
  space: FieldNotes
}) {
  if (!plan)
    return (
      <Paper withBorder p="sm" data-testid="plan-summary" data-state="empty">
        {pending ? (
          <Loader size="sm" aria-label="Planning" />
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
        <Figure label="Entries" testId="plan-entries">
          {count(plan.entries)}
        </Figure>
        <Figure label="Uploads" testId="plan-uploads">
          {count(plan.uploads)}
        </Figure>
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
