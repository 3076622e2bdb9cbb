import { Alert, Button, Group, Modal, Stack, Switch, Text } from '@mantine/core'
import { IconAlertTriangle, IconLock } from '@tabler/icons-react'
import type { VaultStatus } from '../../../shared/ipc/channels/vault'
import { useMutationInvoke } from '../../ipc/hooks'
import { RestartNote, VaultPassphraseForm } from './vault-passphrase-form'

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
            <Stack gap={4}>
              <Text size="sm">
                {vault.exists
                  ? 'In web mode stored tokens are encrypted with your passphrase. Unlock to see and use them.'
                  : 'In web mode the app encrypts stored tokens with a passphrase you choose (scrypt + AES-256-GCM), the first time you store one.'}
              </Text>
              <RestartNote />
            </Stack>
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
        <VaultPassphraseForm
          vault={vault}
          creating={creating}
          onCancel={onClose}
          onUnlocked={onUnlocked}
        />
      )}
    </Modal>
  )
}
