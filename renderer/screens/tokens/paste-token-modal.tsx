import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  PasswordInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useState } from 'react'
import type { AppError } from '../../../shared/errors'
import { useMutationInvoke } from '../../ipc/hooks'

/**
 * Store a token the user already has. It is sent to the app's engine once, tested there against
 * the server and stored only if the server accepts it; the field is cleared right after.
 */
export function PasteTokenModal({
  opened,
  onClose,
  onNeedsUnlock,
}: {
  opened: boolean
  onClose: () => void
  onNeedsUnlock: (retry: () => void) => void
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Store an existing token"
      data-testid="paste-modal"
    >
      {opened && <PasteForm onDone={onClose} onNeedsUnlock={onNeedsUnlock} />}
    </Modal>
  )
}

function PasteForm({
  onDone,
  onNeedsUnlock,
}: {
  onDone: () => void
  onNeedsUnlock: (retry: () => void) => void
}) {
  const [name, setName] = useState('')
  const [raw, setRaw] = useState('')
  const [activate, setActivate] = useState(true)
  const [error, setError] = useState<AppError | null>(null)
  const store = useMutationInvoke('tokens.storePasted', {
    onSuccess: ({ stored, report }) => {
      notifications.show({
        color: 'teal',
        title: `Stored “${stored.name}”`,
        message: report.message,
      })
      onDone()
    },
    onError: (e) => {
      if (e.code === 'vault_locked') onNeedsUnlock(submit)
      else setError(e)
    },
  })
  function submit() {
    setError(null)
    const value = raw.trim()
    // Forget it in the window as soon as it is on its way.
    setRaw('')
    store.mutate({ name: name.trim(), rawToken: value, activate })
  }
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        submit()
      }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          The app first asks the server whose token it is (a request that needs a valid token) and
          stores it only if the server accepts it.
        </Text>
        <TextInput
          label="Name"
          placeholder="cluster jobs"
          required
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          data-autofocus
          data-testid="paste-name"
        />
        <PasswordInput
          label="Token"
          placeholder="nomad_pat_…"
          required
          value={raw}
          onChange={(e) => setRaw(e.currentTarget.value)}
          autoComplete="off"
          data-testid="paste-value"
        />
        <Checkbox
          label="Use it for this app’s requests to this server"
          checked={activate}
          onChange={(e) => setActivate(e.currentTarget.checked)}
        />
        {error && (
          <Alert color="red" variant="light" data-testid="paste-error">
            {error.message}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button
            type="submit"
            loading={store.isPending}
            disabled={name.trim() === '' || (raw.trim() === '' && !store.isPending)}
            data-testid="paste-submit"
          >
            Test and store
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
