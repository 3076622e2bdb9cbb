import { ServerNeededTooltip, useServerNeeded } from '../../components/server-needed'
import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core'
import { IconCircleCheck } from '@tabler/icons-react'
import { useState } from 'react'
import { ErrorAlert } from '../../components/error-alert'
import classes from './downloads.module.css'
import { useInvoke, useMutationInvoke } from '../../ipc/hooks'
import {
  ArchiveFields,
  DestinationField,
  ExistingPolicyField,
  GlobField,
  PriorityField,
} from './plan-fields'
import { DEFAULT_REQUIRED, describeSource, fieldOfError, specOf, type PlanForm } from './plan-spec'
import { useFolderPicker } from './path-field'
import { JobProblem, PlanSummary } from './plan-summary'
import type { StartDownloadRequest } from './start-download'
import { notesByField, usePlan } from './use-plan'
import { useReturnFocus } from '../../components/return-focus'

/**
 * The planning dialog: where to, which files, what to do with files already there, and the
 * engine's plan (counts, size, free space, problems at their fields) before anything is written.
 */
export function PlanDialog({
  request,
  onClose,
  onShowDownloads,
}: {
  request: StartDownloadRequest
  onClose: () => void
  onShowDownloads: () => void
}) {
  // Mounted open and unmounted to close: Mantine would not return the focus.
  useReturnFocus()
  const { serverId, source } = request
  const settings = useInvoke('settings.get', {})
  const remembered = settings.data?.downloads?.lastDestinations[serverId]
  const [form, setForm] = useState<PlanForm>({
    destination: '',
    label: request.label ?? '',
    include: '',
    exclude: '',
    existing: 'skip-identical',
    priority: 'normal',
    required: JSON.stringify(
      source.kind === 'archive' ? source.required : DEFAULT_REQUIRED,
      null,
      2,
    ),
    format: source.kind === 'archive' ? source.format : 'json-per-entry',
  })
  // The last folder used for this server, once settings have loaded, until the user types.
  const [touched, setTouched] = useState(false)
  const shown = touched ? form : { ...form, destination: remembered ?? '' }
  const set = (patch: Partial<PlanForm>) => {
    if ('destination' in patch) setTouched(true)
    setForm({ ...shown, ...patch })
  }

  const picker = useFolderPicker((destination) => set({ destination }))

  const built = specOf(serverId, source, shown)
  const spec = 'spec' in built ? built.spec : undefined
  const { plan, current, pending, error: planError } = usePlan(spec)

  const saveFolder = useMutationInvoke('settings.update')
  const needed = useServerNeeded()
  const start = useMutationInvoke('downloads.start', {
    onSuccess: () => {
      if (spec)
        saveFolder.mutate({ downloads: { lastDestinations: { [serverId]: spec.destination } } })
    },
  })

  const startError = start.error
  const refusalSource = startError ?? planError
  const refusalField = fieldOfError(refusalSource)
  const formError = 'error' in built ? built : null
  const notes = notesByField(
    plan && !pending ? plan.problems : [],
    formError
      ? { field: formError.field, message: formError.error }
      : refusalSource && refusalField
        ? { field: refusalField, message: refusalSource.message }
        : null,
  )
  const blocking =
    formError !== null ||
    !current ||
    (plan?.problems.some((p) => p.severity === 'error') ?? true) ||
    planError !== null
  const startDisabled = blocking || start.isPending
  const notAtField = refusalSource && !refusalField ? refusalSource : null

  if (start.isSuccess)
    return (
      <Modal opened onClose={onClose} title="Download started" size="md" data-testid="plan-dialog">
        <Stack gap="md">
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <IconCircleCheck size={20} aria-hidden style={{ flexShrink: 0 }} />
            <Text size="sm" data-testid="plan-started">
              The job runs in the background, also when this dialog is closed. Its progress is in
              Downloads and in the status bar.
            </Text>
          </Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button onClick={onShowDownloads} data-testid="plan-show-downloads" data-autofocus>
              Show in Downloads
            </Button>
          </Group>
        </Stack>
      </Modal>
    )

  return (
    <Modal opened onClose={onClose} title="Plan the download" size="xl" data-testid="plan-dialog">
      <Stack gap="md">
        <Text size="sm" data-testid="plan-source">
          {describeSource(source)}
        </Text>
        <JobProblem title="What to download" notes={notes('source')} testId="plan-source-problem" />
        <JobProblem title="Server" notes={notes('server')} testId="plan-server-problem" />
        <DestinationField
          value={shown.destination}
          onChange={(destination) => set({ destination })}
          notes={notes('destination')}
          picker={picker}
        />
        <PlanSummary request={request} plan={plan} pending={pending} space={notes('space')} />
        {source.kind === 'archive' && (
          <ArchiveFields
            required={shown.required}
            format={shown.format}
            onRequired={(required) => set({ required })}
            onFormat={(format) => set({ format })}
            requiredError={notes('required').error}
          />
        )}
        {/* Two columns: which files (left), how to treat them (right), so the dialog fits a
            640 px high window with its figures and Start in view. */}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Stack gap="sm">
            <GlobField
              kind="include"
              value={shown.include}
              onChange={(include) => set({ include })}
              notes={notes('include')}
            />
            <GlobField
              kind="exclude"
              value={shown.exclude}
              onChange={(exclude) => set({ exclude })}
              notes={notes('exclude')}
            />
          </Stack>
          <Stack gap="sm">
            <ExistingPolicyField
              value={shown.existing}
              onChange={(existing) => set({ existing })}
            />
            <PriorityField value={shown.priority} onChange={(priority) => set({ priority })} />
            <TextInput
              label="Label"
              description="How the job is named in Downloads."
              placeholder="From what is downloaded"
              value={shown.label}
              onChange={(event) => set({ label: event.currentTarget.value })}
              data-testid="plan-label"
            />
          </Stack>
        </SimpleGrid>
        {notAtField && <ErrorAlert error={notAtField} />}
        {picker.error && <ErrorAlert error={picker.error} title="The folder picker did not open" />}
        {!blocking && plan && plan.files === 0 && (
          <Alert color="yellow" variant="light" data-testid="plan-nothing">
            No file matches: the job would fetch nothing.
          </Alert>
        )}
        {/* Stays in view while the options scroll: Start is never below the fold. */}
        <Group justify="flex-end" className={classes.footer}>
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <ServerNeededTooltip reason={needed}>
            <Button
              onClick={() => spec && start.mutate(spec)}
              disabled={startDisabled || needed !== undefined}
              loading={start.isPending}
              data-testid="plan-start"
            >
              Start download
            </Button>
          </ServerNeededTooltip>
        </Group>
      </Stack>
    </Modal>
  )
}
