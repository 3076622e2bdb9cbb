import { Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import type { JobSummary } from '../../../shared/ipc/channels/downloads'
import { ErrorAlert } from '../../components/error-alert'
import { useMutationInvoke } from '../../ipc/hooks'
import { useReturnFocus } from '../../components/return-focus'

/** Confirms a cancel; partial files stay unless the user ticks their removal. */
export function CancelJobModal({ job, onClose }: { job: JobSummary; onClose: () => void }) {
  // Mounted open and unmounted to close: Mantine would not return the focus.
  useReturnFocus()
  const [removePartial, setRemovePartial] = useState(false)
  const cancel = useMutationInvoke('downloads.cancel', { onSuccess: onClose })
  return (
    <Modal opened onClose={onClose} title={`Cancel “${job.label}”?`} data-testid="cancel-modal">
      <Stack gap="md">
        <Text size="sm">
          Files already complete stay in {job.destination}. A cancelled job cannot be resumed; run
          it again to fetch what is missing.
        </Text>
        <Checkbox
          label="Also remove partial files (.part)"
          description="Unfinished downloads are deleted; complete files and manifest.json stay."
          checked={removePartial}
          onChange={(event) => setRemovePartial(event.currentTarget.checked)}
          data-testid="cancel-remove-partial"
        />
        {cancel.error && <ErrorAlert error={cancel.error} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Keep downloading
          </Button>
          <Button
            color="red.9"
            onClick={() => cancel.mutate({ jobId: job.id, removePartial })}
            loading={cancel.isPending}
            data-testid="cancel-confirm"
          >
            Cancel job
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
