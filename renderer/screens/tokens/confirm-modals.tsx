import { Modal, Stack, Text, TextInput } from '@mantine/core'
import { useState, type ReactNode } from 'react'
import type { AppError } from '../../../shared/errors'
import type { PatView } from '../../../shared/ipc/channels/tokens'
import { formatRelative } from '../../components/relative-time'
import { DialogActions } from './dialog-actions'

const DAY = 24 * 3600 * 1000

function usedRecently(pat: PatView): boolean {
  return pat.lastUsedAt !== null && Date.now() - Date.parse(pat.lastUsedAt) < DAY
}

interface ConfirmProps {
  pat: PatView | null
  pending: boolean
  error: AppError | null
  onConfirm: () => void
  onClose: () => void
}

/** What revoke and rotate share: open while a token is chosen, its name in the title, one action. */
function PatConfirmModal({
  pat,
  pending,
  error,
  onConfirm,
  onClose,
  verb,
  color,
  disabled,
  children,
}: ConfirmProps & {
  verb: 'Revoke' | 'Rotate'
  color: string
  disabled?: boolean
  children: (pat: PatView) => ReactNode
}) {
  const id = verb.toLowerCase()
  return (
    <Modal
      opened={pat !== null}
      onClose={onClose}
      title={pat ? `${verb} “${pat.name}”?` : ''}
      data-testid={`${id}-modal`}
    >
      {pat && (
        <Stack gap="md">
          {children(pat)}
          <DialogActions
            error={error?.message ?? null}
            errorTestId={`${id}-error`}
            onCancel={onClose}
            onConfirm={onConfirm}
            label={`${verb} token`}
            loading={pending}
            disabled={disabled}
            color={color}
            actionTestId={`${id}-confirm`}
          />
        </Stack>
      )}
    </Modal>
  )
}

/** Revoke: says what stops working; asks to type the name when the token was used in the last day. */
export function RevokeModal(props: ConfirmProps) {
  const [typed, setTyped] = useState('')
  const { pat } = props
  const mustType = pat !== null && usedRecently(pat)
  return (
    <PatConfirmModal
      {...props}
      verb="Revoke"
      color="red"
      disabled={mustType && typed !== pat?.name}
    >
      {(pat) => (
        <>
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
        </>
      )}
    </PatConfirmModal>
  )
}

/** Rotate: the old token dies now; a new one with the same name, scopes and lifetime is shown once. */
export function RotateModal(props: ConfirmProps) {
  return (
    <PatConfirmModal {...props} verb="Rotate" color="orange">
      {(pat) => (
        <>
          <Text size="sm">
            The current token <b>stops working now</b>. You get a new one with the same name, scopes
            and lifetime, shown once. Update every script that uses the old one.
          </Text>
          {pat.stored && (
            <Text size="sm">The copy stored in this app is replaced automatically.</Text>
          )}
        </>
      )}
    </PatConfirmModal>
  )
}
