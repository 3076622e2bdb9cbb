import { Button, Group, Modal, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import { ErrorAlert } from '../../components/error-alert'
import { PathField, useFolderPicker } from '../../features/downloads/path-field'
import { useMutationInvoke } from '../../ipc/hooks'
import { useReturnFocus } from '../../components/return-focus'

/** "<folder>/manifest.json" with the folder's own separator (a Windows path keeps "\"). */
export function manifestIn(folder: string): string {
  const separator = folder.includes('\\') && !folder.includes('/') ? '\\' : '/'
  return `${folder.replace(/[\\/]+$/, '')}${separator}manifest.json`
}

/**
 * Repeats a job from a manifest.json the user points at (a folder from an earlier job, another
 * computer's download): only what is missing or changed is fetched.
 */
export function RunAgainModal({ onClose }: { onClose: () => void }) {
  // Mounted open and unmounted to close: Mantine would not return the focus.
  useReturnFocus()
  const [path, setPath] = useState('')
  const picker = useFolderPicker((folder) => setPath(manifestIn(folder)))
  const runAgain = useMutationInvoke('downloads.runAgain', { onSuccess: onClose })
  const error = runAgain.error
  const atField = error?.code === 'invalid_input' || error?.code === 'not_found'
  return (
    <Modal opened onClose={onClose} title="Run again from a manifest" data-testid="run-again-modal">
      <Stack gap="md">
        <Text size="sm">
          Every job writes manifest.json beside its files. Running it again fetches only the files
          that are missing or changed, from the server named in the manifest.
        </Text>
        <PathField
          picker={picker}
          pickTitle="Folder with manifest.json"
          pickTestId="run-again-pick"
          label="Manifest file"
          description={
            picker.canPick
              ? 'Choose the job’s folder, or type the path of its manifest.json.'
              : 'The absolute path of a manifest.json on the computer running the app.'
          }
          placeholder="/home/me/nomad-data/manifest.json"
          value={path}
          onValue={setPath}
          error={atField ? error.message : undefined}
          data-testid="run-again-path"
        />
        {picker.error && <ErrorAlert error={picker.error} title="The folder picker did not open" />}
        {error && !atField && <ErrorAlert error={error} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={path.trim() === ''}
            loading={runAgain.isPending}
            onClick={() => runAgain.mutate({ manifestPath: path.trim() })}
            data-testid="run-again-start"
          >
            Run again
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
