import { Alert, Button, Group, Modal, Progress, Stack, Text } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { MoveProgress } from '../../../shared/ipc/channels/data-move'
import { ErrorAlert } from '../../components/error-alert'
import { PathField, useFolderPicker } from '../../features/downloads/path-field'
import { formatBytes } from '../../features/uploads/files/format-bytes'
import { useEvent, useMutationInvoke } from '../../ipc/hooks'

const PHASES: Record<MoveProgress['phase'], string> = {
  pausing: 'Pausing pins, syncs and downloads…',
  copying: 'Copying…',
  verifying: 'Checking the copy…',
  switching: 'Switching to the new folder…',
  removing: 'Removing the old copy…',
  done: 'Done.',
  stopped: 'Stopped; putting everything back…',
}

/** Phases in which a move can still be cancelled (before the switch to the new folder). */
const CANCELLABLE = new Set<MoveProgress['phase']>(['pausing', 'copying', 'verifying'])

/**
 * Moves the app's data (the offline library, the downloads journal, the cache and the pins' raw
 * files) to another folder: the target typed or chosen, progress in bytes and files, cancel
 * before the switch, the result or the refusal in place.
 */
export function MoveDataModal({
  folder,
  bytes,
  onClose,
}: {
  folder: string
  bytes: number
  onClose: () => void
}) {
  const [target, setTarget] = useState('')
  const [progress, setProgress] = useState<MoveProgress | null>(null)
  const queryClient = useQueryClient()
  const picker = useFolderPicker(setTarget)
  const moved = useMutationInvoke('offline.moveData', {
    onSettled: () => void queryClient.invalidateQueries(),
  })
  const cancel = useMutationInvoke('offline.moveCancel')
  useEvent('offline.moveProgress', setProgress)
  const running = moved.isPending
  const live = running ? progress : null
  const fraction = live && live.totalBytes > 0 ? (live.bytes / live.totalBytes) * 100 : 0
  return (
    <Modal
      opened
      onClose={running ? () => undefined : onClose}
      withCloseButton={!running}
      title="Move the data folder"
    >
      <Stack gap="md" data-testid="move-data-dialog">
        <Text size="sm">
          The offline library, the downloads journal, the recently viewed cache and the raw files
          pins kept ({formatBytes(bytes)}) are in {folder}. They are copied to the new folder,
          checked, and only then removed here; settings and stored tokens stay where they are. Pins,
          syncs and downloads pause during the move and continue afterwards.
        </Text>
        <PathField
          label="New folder"
          description="An empty or new folder, as a full path, e.g. /home/you/nomad-data"
          value={target}
          onValue={setTarget}
          picker={picker}
          pickTitle="Move the data to"
          pickTestId="move-data-pick"
          disabled={running}
          data-testid="move-data-target"
        />
        {picker.error && <ErrorAlert error={picker.error} />}
        {live && (
          <Stack gap={4} data-testid="move-data-progress">
            <Progress
              value={fraction}
              animated={live.phase !== 'done'}
              aria-label="Move progress"
            />
            <Text size="xs" c="dimmed">
              {PHASES[live.phase]} {formatBytes(live.bytes)} of {formatBytes(live.totalBytes)},{' '}
              {live.files.toLocaleString('en-US')} of {live.totalFiles.toLocaleString('en-US')}{' '}
              files
            </Text>
          </Stack>
        )}
        {moved.error && <ErrorAlert error={moved.error} />}
        {cancel.error && <ErrorAlert error={cancel.error} />}
        {moved.data && (
          <Alert color="teal" data-testid="move-data-done">
            The data is now in {moved.data.folder}; the old copy was removed.
          </Alert>
        )}
        <Group justify="flex-end">
          {running ? (
            <Button
              variant="default"
              onClick={() => cancel.mutate({})}
              disabled={live !== null && !CANCELLABLE.has(live.phase)}
              loading={cancel.isPending}
              data-testid="move-data-cancel"
            >
              Cancel the move
            </Button>
          ) : (
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
          )}
          {!moved.data && (
            <Button
              onClick={() => {
                setProgress(null)
                moved.mutate({ target: target.trim() })
              }}
              loading={running}
              disabled={target.trim() === ''}
              data-testid="move-data-start"
            >
              Move
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  )
}
