import { Alert, Button, Group, Text } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import { useState } from 'react'

/**
 * Said when the search kept from the last run could not be read. Nothing is blocked: the screen
 * works with a fresh search, and the stored one is left as it is until the researcher either
 * reads it again or chooses to keep the new search (which is then saved over it).
 */
export function RestoreNotice({
  serverName,
  problem,
  onRetry,
  onKeepCurrent,
}: {
  serverName: string
  problem: string
  onRetry: () => Promise<void>
  onKeepCurrent: () => void
}) {
  const [retrying, setRetrying] = useState(false)
  return (
    <Alert
      color="yellow"
      variant="light"
      py={8}
      icon={<IconAlertTriangle size={18} />}
      title={`Your last search on ${serverName} could not be restored`}
      data-testid="restore-notice"
    >
      <Text size="sm">
        {/* The reason may or may not end its sentence. */}
        {problem.replace(/[\s.]*$/, '.')} It is left as it was stored: this fresh search is not
        saved over it until you choose.
      </Text>
      <Group gap="xs" mt={6}>
        <Button
          size="compact-xs"
          variant="light"
          loading={retrying}
          onClick={() => {
            setRetrying(true)
            // The hook records a new failure itself; only the spinner is ours to stop.
            void onRetry().finally(() => setRetrying(false))
          }}
          data-testid="restore-retry"
        >
          Try again
        </Button>
        <Button
          size="compact-xs"
          variant="subtle"
          color="gray"
          onClick={onKeepCurrent}
          data-testid="restore-keep-current"
        >
          Keep this search instead
        </Button>
      </Group>
    </Alert>
  )
}
