import { Alert, Button, Group } from '@mantine/core'
import type { ReactNode } from 'react'

/**
 * The end of every token dialog: the failure, if any, above Cancel and the one action. Without
 * `onConfirm` the action submits the surrounding form, so Enter in a field triggers it too.
 */
export function DialogActions({
  error,
  errorTitle,
  errorTestId,
  onCancel,
  onConfirm,
  label,
  loading,
  disabled,
  color,
  actionTestId,
}: {
  error: string | null
  errorTitle?: string
  errorTestId: string
  onCancel: () => void
  onConfirm?: () => void
  label: ReactNode
  loading: boolean
  disabled?: boolean
  color?: string
  actionTestId: string
}) {
  return (
    <>
      {error !== null && (
        <Alert color="red" variant="light" title={errorTitle} data-testid={errorTestId}>
          {error}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button
          type={onConfirm ? 'button' : 'submit'}
          color={color}
          loading={loading}
          disabled={disabled}
          onClick={onConfirm}
          data-testid={actionTestId}
        >
          {label}
        </Button>
      </Group>
    </>
  )
}
