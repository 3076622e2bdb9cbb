import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core'
import { useState } from 'react'
import type { PinSummary } from '../../../shared/ipc/channels/offline'
import { ErrorAlert } from '../../components/error-alert'
import { formatBytes } from '../../features/uploads/files/format-bytes'
import { useMutationInvoke } from '../../ipc/hooks'

/** A file name from a pin's label: letters, digits and dashes. */
const fileName = (label: string) =>
  `${label.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'pin'}.nomad-pin.jsonl`

/** Exports a pin to one file, at a full path the user gives. */
export function ExportPinModal({ pin, onClose }: { pin: PinSummary; onClose: () => void }) {
  const [path, setPath] = useState('')
  const exported = useMutationInvoke('offline.export')
  return (
    <Modal opened onClose={onClose} title={`Export “${pin.label}”`}>
      <Stack gap="md" data-testid="pin-export-dialog">
        <Text size="sm">
          One file with the pin&rsquo;s {pin.entries.toLocaleString('en-US')} entries, their archive
          summaries and where they come from. Import it in the Offline section of NOMAD Desktop on
          another computer, which then works with them without a network.
        </Text>
        <TextInput
          label="Save as"
          description={`A full path, e.g. /home/you/Desktop/${fileName(pin.label)}`}
          value={path}
          onChange={(event) => setPath(event.currentTarget.value)}
          data-testid="pin-export-path"
        />
        {exported.error && <ErrorAlert error={exported.error} />}
        {exported.data && (
          <Alert color="teal" data-testid="pin-export-done">
            Saved {exported.data.entries.toLocaleString('en-US')} entries (
            {formatBytes(exported.data.bytes)}) to {exported.data.path}.
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button
            onClick={() => exported.mutate({ pinId: pin.pinId, path: path.trim() })}
            loading={exported.isPending}
            disabled={path.trim() === ''}
            data-testid="pin-export-start"
          >
            Export
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}

/** Imports a pin file (exported on this or another computer). */
export function ImportPinModal({ onClose }: { onClose: () => void }) {
  const [path, setPath] = useState('')
  const imported = useMutationInvoke('offline.import', { onSuccess: onClose })
  return (
    <Modal opened onClose={onClose} title="Import a pin">
      <Stack gap="md" data-testid="pin-import-dialog">
        <Text size="sm">
          A file exported from NOMAD Desktop (ending in .nomad-pin.jsonl). Its entries are checked
          before anything is stored: a file that cannot be read changes nothing.
        </Text>
        <TextInput
          label="File"
          description="A full path, e.g. /home/you/Downloads/perovskites.nomad-pin.jsonl"
          value={path}
          onChange={(event) => setPath(event.currentTarget.value)}
          data-testid="pin-import-path"
        />
        {imported.error && <ErrorAlert error={imported.error} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            onClick={() => imported.mutate({ path: path.trim() })}
            loading={imported.isPending}
            disabled={path.trim() === ''}
            data-testid="pin-import-start"
          >
            Import
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
