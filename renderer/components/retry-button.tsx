import { Button } from '@mantine/core'
import { IconRefresh } from '@tabler/icons-react'

/** The one "Try again" button of error states, so every failed load offers it the same way. */
export function RetryButton({ onRetry, testId }: { onRetry: () => void; testId?: string }) {
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconRefresh size={14} />}
      onClick={onRetry}
      data-testid={testId}
    >
      Try again
    </Button>
  )
}
