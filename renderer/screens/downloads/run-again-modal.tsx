import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core'
import { IconFolder } from '@tabler/icons-react'
import { useState } from 'react'
import { ErrorAlert } from '../../components/error-alert'
import { useInvoke, useMutationInvoke } from '../../ipc/hooks'

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
  const info = useInvoke('app.info', {})
  const [path, setPath] = useState('')
  const [pickerMissing, setPickerMissing] = useState(false)
  const pick = useMutationInvoke('downloads.pickFolder', {
    onSuccess: ({ supported, path: folder }) => {
      if (!supported) setPickerMissing(true)
      else if (folder !== null) setPath(manifestIn(folder))
    },
  })
  const runAgain = useMutationInvoke('downloads.runAgain', { onSuccess: onClose })
  const canPick = info.data !== undefined && info.data.mode !== 'web' && !pickerMissing
  const error = runAgain.error
  const atField = error?.code === 'invalid_input' || error?.code === 'not_found'
  return (
    <Modal opened onClose={onClose} title="Run again from a manifest" data-testid="run-again-modal">
      <Stack gap="md">
        <Text size="sm">
          Every job writes manifest.json beside its files. Running it again fetches only the files
          that are missing or changed, from the server named in the manifest.
        </Text>
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            label="Manifest file"
            description={
              canPick
                ? 'Choose the job’s folder, or type the path of its manifest.json.'
                : 'The absolute path of a manifest.json on the computer running the app.'
            }
            placeholder="/home/me/nomad-data/manifest.json"
            value={path}
            onChange={(event) => setPath(event.currentTarget.value)}
            error={atField ? error.message : undefined}
            spellCheck={false}
            data-testid="run-again-path"
          />
          {canPick && (
            <Button
              mt={46}
              variant="default"
              leftSection={<IconFolder size={16} aria-hidden />}
              onClick={() => pick.mutate({ title: 'Folder with manifest.json' })}
              loading={pick.isPending}
              data-testid="run-again-pick"
            >
              Choose…
            </Button>
          )}
        </Group>
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
