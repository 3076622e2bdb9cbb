import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core'
import { useState } from 'react'
import type { AppError } from '../../../shared/errors'
import type { PatView } from '../../../shared/ipc/channels/tokens'
import { formatRelative } from '../../components/relative-time'

const DAY = 24 * 3600 * 1000

function usedRecently(pat: PatView): boolean {
  return pat.lastUsedAt !== null && Date.now() - Date.parse(pat.lastUsedAt) < DAY
}

/** Revoke: says what stops working; asks to type the name when the token was used in the last day. */
export function RevokeModal({
  pat,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  pat: PatView | null
  pending: boolean
  error: AppError | null
  onConfirm: () => void
  onClose: () => void
}) {
  const [typed, setTyped] = useState('')
  const mustType = pat !== null && usedRecently(pat)
  return (
    <Modal
      opened={pat !== null}
      onClose={onClose}
      title={pat ? `Revoke “${pat.name}”?` : ''}
      data-testid="revoke-modal"
    >
      {pat && (
        <Stack gap="md">
          <Text size="sm">
            Everything that uses this token stops working immediately. This cannot be undone; the
            token stays in the list as revoked.
          </Text>
          {pat.stored && (
            <Text size="sm">It is also removed from this app, which stores a copy of it.</Text>
          )}
          {mustType && (
            <TextInput
              label={`It was used ${formatRelative(pat.lastUsedAt ?? '')}. Type its name to confirm.`}
              value={typed}
              onChange={(e) => setTyped(e.currentTarget.value)}
              placeholder={pat.name}
              data-testid="revoke-typed"
            />
          )}
          {error && (
            <Alert color="red" variant="light" data-testid="revoke-error">
              {error.message}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={pending}
              disabled={mustType && typed !== pat.name}
              onClick={onConfirm}
              data-testid="revoke-confirm"
            >
              Revoke token
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  )
}

/** Rotate: the old token dies now; a new one with the same name, scopes and lifetime is shown once. */
export function RotateModal({
  pat,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  pat: PatView | null
  pending: boolean
  error: AppError | null
  onConfirm: () => void
  onClose: () => void
}) {
  return (
    <Modal
      opened={pat !== null}
      onClose={onClose}
      title={pat ? `Rotate “${pat.name}”?` : ''}
      data-testid="rotate-modal"
    >
      {pat && (
        <Stack gap="md">
          <Text size="sm">
            The current token <b>stops working now</b>. You get a new one with the same name, scopes
            and lifetime, shown once. Update every script that uses the old one.
          </Text>
          {pat.stored && (
            <Text size="sm">The copy stored in this app is replaced automatically.</Text>
          )}
          {error && (
            <Alert color="red" variant="light" data-testid="rotate-error">
              {error.message}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button
              color="orange"
              loading={pending}
              onClick={onConfirm}
              data-testid="rotate-confirm"
            >
              Rotate token
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  )
}
