import { Alert, Button, Group, Modal, PasswordInput, Stack, Switch, Text } from '@mantine/core'
import { IconAlertTriangle, IconLock } from '@tabler/icons-react'
import { useState } from 'react'
import type { VaultStatus } from '../../../shared/ipc/channels/vault'
import { useMutationInvoke } from '../../ipc/hooks'
import { DialogActions } from './dialog-actions'

/** Locked passphrase vault → unlock/create; any protection problem → a persistent warning with the fix. */
export function VaultBanner({ vault, onUnlock }: { vault: VaultStatus; onUnlock: () => void }) {
  const setUnprotected = useMutationInvoke('vault.setUnprotected')
  return (
    <Stack gap="sm">
      {vault.cipherStatus === 'locked' && (
        <Alert
          color="indigo"
          variant="light"
          icon={<IconLock size={18} />}
          title={vault.exists ? 'Stored tokens are locked' : 'Set a passphrase to store tokens'}
          data-testid="vault-locked"
        >
          <Group justify="space-between" gap="md" wrap="nowrap" align="flex-end">
            <Text size="sm">
              {vault.exists
                ? 'In web mode stored tokens are encrypted with your passphrase. Unlock to see and use them.'
                : 'In web mode the app encrypts stored tokens with a passphrase you choose (scrypt + AES-256-GCM). You need it again after each restart.'}
            </Text>
            <Button
              size="xs"
              onClick={onUnlock}
              data-testid="vault-unlock-open"
              style={{ flex: 'none' }}
            >
              {vault.exists ? 'Unlock' : 'Set a passphrase'}
            </Button>
          </Group>
        </Alert>
      )}
      {vault.warning && (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title={
            vault.warning.kind === 'basic-text'
              ? 'No key store protects stored tokens'
              : 'Stored tokens need attention'
          }
          data-testid="vault-warning"
          data-kind={vault.warning.kind}
        >
          <Stack gap={6}>
            <Text size="sm">{vault.warning.message}</Text>
            <Text size="sm">
              <b>Fix:</b> {vault.warning.fix}
            </Text>
            {vault.warning.kind === 'basic-text' && (
              <Switch
                size="sm"
                checked={vault.unprotected}
                disabled={setUnprotected.isPending}
                onChange={(e) => setUnprotected.mutate({ allow: e.currentTarget.checked })}
                label="Store tokens on this computer anyway (readable by any program running as you)"
                data-testid="vault-unprotected"
              />
            )}
          </Stack>
        </Alert>
      )}
    </Stack>
  )
}

/** Unlock the passphrase vault, or create it (the passphrase asked twice). */
export function UnlockModal({
  vault,
  opened,
  onClose,
  onUnlocked,
}: {
  vault: VaultStatus | undefined
  opened: boolean
  onClose: () => void
  onUnlocked: () => void
}) {
  const creating = vault?.exists === false
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={creating ? 'Choose a vault passphrase' : 'Unlock stored tokens'}
      data-testid="unlock-modal"
    >
      {opened && vault && (
        <UnlockForm vault={vault} creating={creating} onCancel={onClose} onUnlocked={onUnlocked} />
      )}
    </Modal>
  )
}

function UnlockForm({
  vault,
  creating,
  onCancel,
  onUnlocked,
}: {
  vault: VaultStatus
  creating: boolean
  onCancel: () => void
  onUnlocked: () => void
}) {
  const [passphrase, setPassphrase] = useState('')
  const [repeat, setRepeat] = useState('')
  const [error, setError] = useState<string | null>(null)
  const unlock = useMutationInvoke('vault.unlock', {
    onSuccess: onUnlocked,
    onError: (e) => {
      setError(e.message)
      setPassphrase('')
      setRepeat('')
    },
  })
  const submit = () => {
    if (creating && passphrase.length < vault.minPassphraseLength)
      return setError(`Use at least ${vault.minPassphraseLength} characters.`)
    if (creating && passphrase !== repeat) return setError('The two passphrases differ.')
    if (passphrase === '') return setError('Enter the passphrase.')
    setError(null)
    unlock.mutate({ passphrase })
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
          {creating
            ? 'It encrypts the tokens you store in web mode. There is no way to recover it: if you forget it, stored tokens are lost (they still work on the server; store them again).'
            : 'The passphrase you chose when you first stored a token in web mode.'}
        </Text>
        <PasswordInput
          label="Passphrase"
          value={passphrase}
          onChange={(e) => setPassphrase(e.currentTarget.value)}
          autoComplete={creating ? 'new-password' : 'current-password'}
          data-autofocus
          data-testid="unlock-passphrase"
        />
        {creating && (
          <PasswordInput
            label="Repeat passphrase"
            value={repeat}
            onChange={(e) => setRepeat(e.currentTarget.value)}
            autoComplete="new-password"
            data-testid="unlock-repeat"
          />
        )}
        <DialogActions
          error={error}
          errorTestId="unlock-error"
          onCancel={onCancel}
          label={creating ? 'Create vault' : 'Unlock'}
          loading={unlock.isPending}
          actionTestId="unlock-submit"
        />
      </Stack>
    </form>
  )
}
