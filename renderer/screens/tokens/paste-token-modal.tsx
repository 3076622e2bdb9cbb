import { Checkbox, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useState } from 'react'
import { AppError } from '../../../shared/errors'
import { useIpcClient } from '../../ipc/client-context'
import { useInvoke } from '../../ipc/hooks'
import { DialogActions } from './dialog-actions'

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
  const [pending, setPending] = useState(false)
  const client = useIpcClient()
  const vault = useInvoke('vault.status', {})
  // Called directly, not through a cached mutation: the value must not linger in a cache. It
  // lives only in this call (and its retry after unlocking), then nowhere in the window.
  async function send(rawToken: string) {
    setPending(true)
    try {
      const { stored, report } = await client.invoke('tokens.storePasted', {
        name: name.trim(),
        rawToken,
        activate,
      })
      notifications.show({
        color: 'teal',
        title: `Stored “${stored.name}”`,
        message: report.message,
      })
      onDone()
    } catch (e) {
      const failure = e instanceof AppError ? e : new AppError('internal', String(e))
      if (failure.code === 'vault_locked') onNeedsUnlock(() => void send(rawToken))
      else setError(failure)
    } finally {
      setPending(false)
    }
  }
  function submit() {
    setError(null)
    const value = raw.trim()
    setRaw('')
    // Unlock first, so that the value crosses to the engine once.
    if (vault.data?.persistence === 'locked') onNeedsUnlock(() => void send(value))
    else void send(value)
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
          stores it only if the server accepts it. Signed in, it also reads the token’s scopes and
          expiry from your token list.
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
        <DialogActions
          error={error?.message ?? null}
          errorTestId="paste-error"
          onCancel={onDone}
          label="Test and store"
          loading={pending}
          disabled={name.trim() === '' || (raw.trim() === '' && !pending)}
          actionTestId="paste-submit"
        />
      </Stack>
    </form>
  )
}
