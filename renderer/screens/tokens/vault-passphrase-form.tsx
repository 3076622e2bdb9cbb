import { Code, PasswordInput, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import type { VaultStatus } from '../../../shared/ipc/channels/vault'
import { useMutationInvoke } from '../../ipc/hooks'
import { DialogActions } from './dialog-actions'

/**
 * Why web mode asks for the passphrase again after a restart, and how to avoid it. The host
 * reads NOMAD_VAULT_PASSPHRASE once at start (electron/host/cli.ts) and removes it from its
 * environment.
 */
export function RestartNote() {
  return (
    <Text size="xs" c="dimmed" data-testid="vault-restart-note">
      Web mode asks for it again after each restart: the encryption key is derived from the
      passphrase and kept in memory only, never stored. To unlock at start instead, run the web host
      with <Code>NOMAD_VAULT_PASSPHRASE</Code> set in its environment (it reads the variable once
      and removes it).
    </Text>
  )
}

/** Unlock the passphrase vault, or create it (the passphrase asked twice). */
export function VaultPassphraseForm({
  vault,
  creating,
  onCancel,
  onUnlocked,
  intro,
  actionLabel,
}: {
  vault: VaultStatus
  creating: boolean
  onCancel: () => void
  onUnlocked: () => void
  /** Replaces the default explanation above the fields. */
  intro?: string
  actionLabel?: string
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
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {intro ??
            (creating
              ? 'It encrypts the tokens you store in web mode. There is no way to recover it: if you forget it, stored tokens are lost (they still work on the server; store them again).'
              : 'The passphrase you chose when you first stored a token in web mode.')}
        </Text>
        <PasswordInput
          label={creating ? 'New passphrase' : 'Passphrase'}
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
        {vault.kind === 'passphrase' && <RestartNote />}
        <DialogActions
          error={error}
          errorTestId="unlock-error"
          onCancel={onCancel}
          label={actionLabel ?? (creating ? 'Create vault' : 'Unlock')}
          loading={unlock.isPending}
          actionTestId="unlock-submit"
        />
      </Stack>
    </form>
  )
}
