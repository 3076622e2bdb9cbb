import { Alert } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import { ERROR_TITLES, isErrorCode } from '../../shared/errors'

/**
 * Shows an IPC failure: the code's headline, then the specific message from main or the host
 * (or `message`, when the specific one is already on screen elsewhere).
 */
export function ErrorAlert({
  error,
  title,
  message: instead,
}: {
  error: unknown
  title?: string
  message?: string
}) {
  const code =
    typeof error === 'object' && error !== null && 'code' in error && isErrorCode(error.code)
      ? error.code
      : 'internal'
  const message = instead ?? (error instanceof Error ? error.message : String(error))
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={title ?? ERROR_TITLES[code]}
      data-testid="error-alert"
    >
      {message}
    </Alert>
  )
}
